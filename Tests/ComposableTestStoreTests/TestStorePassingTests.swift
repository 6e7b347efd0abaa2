import Composable
// White-box tests of internal representation: `@testable` needs a module built for testing, which the
// release suite does not do (it tests the code the shipped binary runs), so they run in debug only.
#if DEBUG
  @testable import ComposableTestStore
#else
  import ComposableTesting
#endif
import Foundation
import Testing

/// Each behaviour asserted correctly passes, with no issue recorded.
@MainActor struct TestStorePassingTests {
  @Test func sendAssertsTheStateChange() async {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    await store.send(.increment) { $0.count = 1 }
    await store.send(.increment) { $0.count = 2 }
    #expect(store.state.count == 2)
  }

  @Test func actionsSentByEffectsAreReceivedInOrder() async {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    await store.send(.incrementTwiceTapped)
    await store.receive(.increment) { $0.count = 1 }
    await store.receive(\.increment) { $0.count = 2 }
  }

  @Test func receiveWaitsForAnAsyncEffect() async {
    let store = TestStore(initialState: Counter.State(count: 3)) {
      Counter()
    } withDependencies: {
      $0[FactClient.self].fetch = { "\($0) is odd" }
    }
    await store.send(.factTapped)
    await store.receive(\.factResponse, "3 is odd") { $0.fact = "3 is odd" }
  }

  @Test func clientFailuresAreAssertedLikeAnyOtherAction() async {
    let store = TestStore(initialState: Counter.State()) {
      Counter()
    } withDependencies: {
      $0[FactClient.self].fetch = { _ in throw FactError() }
    }
    await store.send(.factTapped)
    await store.receive(.factFailed("FactError()")) { $0.failure = "FactError()" }
  }

  @Test func aTimerRunsOnATestClockAndEndsWhenCancelled() async {
    let clock = TestClock()
    let store = timerStore(clock: clock)
    await store.send(.timerToggled) { $0.isTimerOn = true }
    await clock.advance(by: .seconds(1))
    await store.receive(\.tick) { $0.count = 1 }
    await clock.advance(by: .seconds(2))
    await store.receive(\.tick) { $0.count = 2 }
    await store.receive(\.tick) { $0.count = 3 }
    await store.send(.timerToggled) { $0.isTimerOn = false }
    await store.finish()
  }

  @Test func uuidsCountFromZeroInEveryTestStore() async {
    for _ in 0..<2 {
      let store = TestStore(initialState: Counter.State()) { Counter() }
      await store.send(.idTapped) { $0.lastID = UUID(uuidString: "00000000-0000-0000-0000-000000000000") }
      await store.send(.idTapped) { $0.lastID = UUID(uuidString: "00000000-0000-0000-0000-000000000001") }
    }
  }

  @Test func nonExhaustiveAssertsOnlyWhatTheTestStates() async {
    let store = TestStore(initialState: Counter.State()) {
      Counter()
    } withDependencies: {
      $0[FactClient.self].fetch = { "\($0) is a number" }
    }
    store.exhaustivity = .off
    await store.send(.incrementTwiceTapped)
    await store.send(.factTapped)
    await store.receive(\.factResponse) { $0.fact = "2 is a number" }
    #expect(store.state.count == 2)
  }

  @Test func skippingReceivedActionsAndInFlightEffects() async {
    let clock = TestClock()
    let store = timerStore(clock: clock)
    await store.send(.incrementTwiceTapped)
    await store.skipReceivedActions()
    await store.send(.timerToggled) {
      $0.count = 2; $0.isTimerOn = true
    }
    await store.skipInFlightEffects()
  }

  @Test func aSendTaskCanBeAwaited() async {
    let store = TestStore(initialState: Counter.State()) {
      Counter()
    } withDependencies: {
      $0[FactClient.self].fetch = { _ in "fact" }
    }
    let task = await store.send(.factTapped)
    await task.finish()
    #expect(task.isFinished)
    await store.receive(\.factResponse) { $0.fact = "fact" }
  }
}

#if DEBUG
  /// What a non-exhaustive test skipped is shown, not failed, when asked for.
  @MainActor struct SkippedAssertionTests {
    @Test func showSkippedAssertionsPrintsWhatWasNotAsserted() async {
      let store = TestStore(initialState: Counter.State()) { Counter() }
      store.exhaustivity = .off(showSkippedAssertions: true)
      var log = ""
      store.skippedAssertionsLog = { log += $0 }
      await store.send(.incrementTwiceTapped)
      await store.receive(.increment)
      #expect(log.contains("state changes after receiving Counter.Action.increment"))
      #expect(log.contains("  -   count: 0,\n  +   count: 1,"))
      log = ""
      await store.send(.idTapped)
      #expect(log.contains("Skipped assertions (received actions):\n  Counter.Action.increment"))
      #expect(log.contains("+   lastID: UUID(00000000-0000-0000-0000-000000000000)"))
    }
  }
#endif
