import Composable
import ComposableTesting
import Testing

/// A stream a test controls: the values the feature's effect reads, and the end of them.
final class TickSource: @unchecked Sendable {
  let stream: AsyncStream<Int>
  let continuation: AsyncStream<Int>.Continuation

  init() {
    (stream, continuation) = AsyncStream.makeStream()
  }
}

/// A feature that follows a stream until `stop` finishes it.
struct StreamFollower: Reducer {
  struct State: Equatable {
    var values: [Int] = []
  }

  enum Action: Equatable, CasePathable {
    case start
    case value(Int)
    case stop
  }

  let source: TickSource

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .start:
      return .run { [source] send in
        for await value in source.stream { await send(.value(value)) }
      }
    case let .value(value):
      state.values.append(value)
      return .none
    case .stop:
      source.continuation.finish()
      return .none
    }
  }
}

/// A long-living effect driven by a stream ends when its stream does: a test that ends right after the action
/// that finished the stream has nothing still running.
@MainActor struct LongLivingEffectTests {
  @Test func aTestEndingRightAfterTheStreamFinishedReportsNothingStillRunning() async {
    let source = TickSource()
    let store = TestStore(initialState: StreamFollower.State()) { StreamFollower(source: source) }
    await store.send(.start)
    source.continuation.yield(1)
    await store.receive(.value(1)) { $0.values = [1] }
    await store.send(.stop)
  }

  @Test func anEffectStillWaitingOnItsStreamIsReported() async {
    let source = TickSource()
    await withKnownIssue {
      let store = TestStore(initialState: StreamFollower.State()) { StreamFollower(source: source) }
      await store.send(.start)
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("still running") }
    }
    source.continuation.finish()
  }
}
