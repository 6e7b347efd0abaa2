import Clocks
import Composable
import ComposableTesting
import Foundation
import Testing

/// A feature whose effects do slow work off the main actor (a parse, a checksum) before they answer: what a test
/// store must wait for by knowing the work, since no quiet stretch of wall time is long enough on a loaded machine.
private struct Checksum: Reducer {
  struct State: Equatable {
    var checksum: Int?
  }

  enum Action: Equatable {
    case computeTapped
    case computeLaterTapped
    case computeFourTapped
    case computed(Int)
  }

  @Dependency(\.continuousClock) var clock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .computeTapped:
      return .run { send in await send(.computed(await slowChecksum())) }
    case .computeLaterTapped:
      return .run { [clock] send in
        try await clock.sleep(for: .seconds(1))
        await send(.computed(await slowChecksum()))
      }
    case .computeFourTapped:
      return .merge((0..<4).map { _ in .run { send in await send(.computed(await slowChecksum())) } })
    case let .computed(value):
      state.checksum = value
      return .none
    }
  }
}

/// Work off the main actor that holds its thread for 100 ms: twenty times the quiet stretch the test store used to
/// wait for, and three times the test clock's.
nonisolated private func slowChecksum() async -> Int {
  holdTheThread(for: 0.1)
  return 42
}

/// Blocks the calling thread, as CPU-bound work does.
nonisolated private func holdTheThread(for seconds: TimeInterval) {
  Thread.sleep(forTimeInterval: seconds)
}

/// Effects whose work holds a thread: the test store waits for the work itself, in either start order.
@MainActor @Suite
struct TestStoreSettlingTests {
  @Test func sendReturnsOnlyOnceSlowWorkOffTheMainActorHasAnswered() async {
    let store = TestStore(initialState: Checksum.State()) { Checksum() }
    await store.send(.computeTapped)
    // Not `receive`, which would wait for the action: `send` itself must have let the effect come to rest.
    #expect(store.receivedActions == [.computed(42)])
    await store.receive(.computed(42)) { $0.checksum = 42 }
  }

  @Test func advancingATestClockReturnsOnlyOnceTheWokenEffectHasAnswered() async {
    let clock = TestClock()
    let store = TestStore(initialState: Checksum.State()) {
      Checksum()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.computeLaterTapped)
    #expect(store.receivedActions.isEmpty)
    await clock.advance(by: .seconds(1))
    #expect(store.receivedActions == [.computed(42)])
    await store.receive(.computed(42)) { $0.checksum = 42 }
  }

  @Test func severalEffectsDoingSlowWorkAtOnceAreAllWaitedFor() async {
    let store = TestStore(initialState: Checksum.State()) { Checksum() }
    await store.send(.computeFourTapped)
    #expect(store.receivedActions == Array(repeating: .computed(42), count: 4))
    await store.receive(.computed(42)) { $0.checksum = 42 }
    await store.skipReceivedActions()
  }
}
