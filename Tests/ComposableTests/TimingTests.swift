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

@MainActor struct TimingTests {
  @Test func debounceRunsOnlyTheLastOfABurst() async {
    let clock = TestClock()
    let store = Store(initialState: Search.State(), reducer: Search(clock: clock, latest: true))
    store.send(.query("b"))
    await clock.advance(by: .milliseconds(100))
    store.send(.query("bl"))
    await clock.advance(by: .milliseconds(100))
    store.send(.query("blo"))
    await clock.advance(by: .milliseconds(299))
    #expect(store.state.searched == [])
    await clock.advance(by: .milliseconds(1))
    #expect(store.state.searched == ["blo"])
  }

  @Test func throttleLatestRunsTheFirstAtOnceAndTheLatestAtTheEndOfTheWindow() async {
    let clock = TestClock()
    let store = Store(initialState: Search.State(), reducer: Search(clock: clock, latest: true))
    store.send(.ping(1))
    await clock.advance(by: .milliseconds(1))
    #expect(store.state.searched == ["1"])
    store.send(.ping(2))
    store.send(.ping(3))
    await clock.advance(by: .milliseconds(998))
    #expect(store.state.searched == ["1"])
    await clock.advance(by: .milliseconds(1))
    #expect(store.state.searched == ["1", "3"])
  }

  @Test func throttleFirstKeepsTheFirstOfTheWindow() async {
    let clock = TestClock()
    let store = Store(initialState: Search.State(), reducer: Search(clock: clock, latest: false))
    store.send(.ping(1))
    store.send(.ping(2))
    store.send(.ping(3))
    await clock.advance(by: .seconds(1))
    #expect(store.state.searched == ["1", "2"])
    await clock.advance(by: .seconds(2))
    store.send(.ping(4))
    await clock.advance(by: .milliseconds(1))
    #expect(store.state.searched == ["1", "2", "4"])
  }
}
