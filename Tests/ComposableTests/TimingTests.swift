import Composable
import ComposableTesting
import Testing

/// Search-as-you-type: each query is debounced, and the last one is "searched".
private struct Search: Reducer {
  struct State: Equatable { var searched: [String] = [] }
  enum Action: Equatable { case query(String), searched(String), ping(Int), pinged(Int) }
  let clock: TestClock
  let latest: Bool

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case let .query(text):
      return .send(.searched(text)).debounce(id: "search", for: .milliseconds(300), clock: clock)
    case let .searched(text):
      state.searched.append(text)
      return .none
    case let .ping(number):
      return .send(.pinged(number)).throttle(id: "ping", for: .seconds(1), clock: clock, latest: latest)
    case let .pinged(number):
      state.searched.append("\(number)")
      return .none
    }
  }
}

/// Debounce and throttle under a test clock, asserted exhaustively: the test
/// store fails if any action other than the ones received here is sent.
@MainActor struct TimingTests {
  @Test func debounceRunsOnlyTheLastOfABurst() async {
    let clock = TestClock()
    let store = TestStore(initialState: Search.State()) { Search(clock: clock, latest: true) }
    await store.send(.query("b"))
    await clock.advance(by: .milliseconds(100))
    await store.send(.query("bl"))
    await clock.advance(by: .milliseconds(100))
    await store.send(.query("blo"))
    await clock.advance(by: .milliseconds(299))
    #expect(store.receivedActions.isEmpty)
    await clock.advance(by: .milliseconds(1))
    await store.receive(.searched("blo")) { $0.searched = ["blo"] }
    await store.finish()
  }

  @Test func throttleLatestRunsTheFirstAtOnceAndTheLatestAtTheEndOfTheWindow() async {
    let clock = TestClock()
    let store = TestStore(initialState: Search.State()) { Search(clock: clock, latest: true) }
    await store.send(.ping(1))
    await store.receive(.pinged(1)) { $0.searched = ["1"] }
    await store.send(.ping(2))
    await store.send(.ping(3))
    await clock.advance(by: .milliseconds(999))
    #expect(store.receivedActions.isEmpty)
    await clock.advance(by: .milliseconds(1))
    await store.receive(.pinged(3)) { $0.searched = ["1", "3"] }
    await store.finish()
  }

  @Test func throttleFirstKeepsTheFirstOfTheWindow() async {
    let clock = TestClock()
    let store = TestStore(initialState: Search.State()) { Search(clock: clock, latest: false) }
    await store.send(.ping(1))
    await store.receive(.pinged(1)) { $0.searched = ["1"] }
    await store.send(.ping(2))
    await store.send(.ping(3))
    await clock.advance(by: .seconds(1))
    await store.receive(.pinged(2)) { $0.searched = ["1", "2"] }
    await clock.advance(by: .seconds(2))
    await store.send(.ping(4))
    await store.receive(.pinged(4)) { $0.searched = ["1", "2", "4"] }
    await store.finish()
  }
}
