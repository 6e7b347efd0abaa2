import Clocks
import Composable
import ComposableTesting
import Foundation
import Testing

/// What `store.state`, the dependencies and the effects look like between a test's steps, as in TCA.
@MainActor struct TestStoreStepParityTests {
  @Test func stateIsTheLastAssertedStateAndTheStateBeforeTheStepInsideItsClosure() async {
    let store = TestStore(initialState: Tally.State()) { Tally() }
    await store.send(.tap) {
      #expect(store.state.count == 0)
      $0.count = 1
    }
    #expect(store.state.count == 1)
    await store.send(.tap) { $0.count = 2 }
    await store.send(.tap) { $0.count = 3 }
    // The delegate action was reduced, but not asserted: `state` has not moved past the send.
    #expect(store.receivedActions == [.delegate(.finished(count: 3))])
    await store.receive(\.delegate.finished, 3)
    #expect(store.state.count == 3)
  }

  @Test func sendingByCasePathWithNestedPathsAndPayloads() async {
    let store = TestStore(initialState: Tally.State()) { Tally() }
    await store.send(\.tap) { $0.count = 1 }
    await store.send(\.view.delete, [0, 2]) { $0.deleted = [0, 2] }
    await withKnownIssue {
      await store.send(\.view.delete, [5]) { $0.deleted = [5] }
    } matching: {
      // The whole action, on one line.
      $0.description.contains("after sending Tally.Action.view(.delete([5]))")
    }
  }

  @Test func changedDependenciesReachEffectsStartedAfterwards() async {
    let first = Date(timeIntervalSince1970: 1_000)
    let second = Date(timeIntervalSince1970: 2_000)
    let store = TestStore(initialState: Tally.State()) {
      Tally()
    } withDependencies: {
      $0.date = .constant(first)
    }
    await store.send(.stampTapped)
    await store.receive(\.stamped, first) { $0.stamped = first }
    store.dependencies.date = .constant(second)
    await store.send(.stampTapped)
    await store.receive(\.stamped, second) { $0.stamped = second }
  }

  @Test func assertionClosuresRunWithTheTestStoresDependencies() async {
    let fixed = Date(timeIntervalSince1970: 42)
    let store = TestStore(initialState: Tally.State()) {
      Tally()
    } withDependencies: {
      $0.date = .constant(fixed)
    }
    await store.send(.stampTapped)
    await store.receive(\.stamped) {
      @Dependency(\.date) var date
      $0.stamped = date.now
    }
    #expect(store.state.stamped == fixed)
  }

  @Test func anEffectWhoseStreamAlreadyFinishedIsDoneWhenSendReturns() async {
    let store = TestStore(initialState: Tally.State()) { Tally() }
    let task = await store.send(.streamTapped)
    #expect(task.isFinished)
  }

  @Test func aRootFeatureThatDismissesItselfDismissesTheTestStore() async {
    let clock = TestClock()
    let store = TestStore(initialState: Tally.State()) {
      Tally()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.tickingStarted) { $0.isTicking = true }
    #expect(!store.isDismissed)
    await store.send(.closeTapped).finish()
    #expect(store.isDismissed)
    // The ticking effect was cancelled with the dismissal: nothing is reported running at the end.
    await clock.advance(by: .seconds(5))
    #expect(store.receivedActions.isEmpty)
    await withKnownIssue {
      await store.send(.tap)
    } matching: {
      $0.description.contains("dismissed itself")
    }
  }
}

/// What failure messages name: the whole action, a case path by its case, and the line that started an effect.
@MainActor struct TestStoreMessageParityTests {
  @Test func aReceiveByCasePathNamesTheCase() async {
    let store = TestStore(initialState: Tally.State()) { Tally() }
    await store.send(\.tap) { $0.count = 1 }
    await store.send(\.tap) { $0.count = 2 }
    await store.send(\.tap) { $0.count = 3 }
    await withKnownIssue {
      await store.receive(\.view.delete)
    } matching: {
      $0.description.contains("an action of the case \\.view.delete")
        && $0.description.contains("Tally.Action.delegate(.finished(count: 3))")
    }
  }

  @Test func anEffectLeftRunningIsReportedAtTheSendThatStartedIt() async {
    let clock = TestClock()
    let sendLine = LockIsolated<Int?>(nil)
    await withKnownIssue {
      let store = TestStore(initialState: Tally.State()) {
        Tally()
      } withDependencies: {
        $0.continuousClock = clock
      }
      sendLine.setValue(#line + 1)
      await store.send(.tickingStarted) { $0.isTicking = true }
    } matching: {
      $0.description.contains("still running at the end of the test")
        && $0.description.contains("Tally.Action.tickingStarted")
        && $0.sourceLocation?.line == sendLine.value
    }
  }
}
