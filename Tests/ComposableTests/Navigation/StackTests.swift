import Composable
import ComposableTesting
import Foundation
import Testing

/// A navigation stack of tickers.
struct Navigator: Reducer {
  struct State: Equatable {
    var path = StackState<Ticker.State>()
  }

  enum Action: Equatable, CasePathable {
    case openTapped
    case backToRootTapped
    case path(StackActionOf<Ticker>)
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .openTapped:
        state.path.append(Ticker.State())
        return .none
      case .backToRootTapped:
        state.path.removeAll()
        return .none
      case .path:
        return .none
      }
    }
    .forEach(\.path, action: \.path) { Ticker() }
  }
}

/// The same stack behind a computed property, so that `forEach` reaches it through the key path
/// instead of a field offset.
struct ComputedNavigator: Reducer {
  struct State: Equatable {
    var storedPath = StackState<Ticker.State>()
    var path: StackState<Ticker.State> {
      get { storedPath }
      set { storedPath = newValue }
    }
  }

  enum Action: Equatable, CasePathable {
    case openTapped
    case backToRootTapped
    case path(StackActionOf<Ticker>)
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .openTapped: state.path.append(Ticker.State())
      case .backToRootTapped: state.path.removeAll()
      case .path: break
      }
      return .none
    }
    .forEach(\.path, action: \.path) { Ticker() }
  }
}

@MainActor struct StackTests {
  private func navigatorStore(clock: TestClock = TestClock()) -> TestStore<Navigator.State, Navigator.Action> {
    TestStore(initialState: Navigator.State()) {
      Navigator()
    } withDependencies: {
      $0.continuousClock = clock
    }
  }

  @Test func idsCountFromZeroAndAreNeverReused() async {
    let store = navigatorStore()
    await store.send(.openTapped) { $0.path.append(Ticker.State()) }
    await store.send(.openTapped) { $0.path.append(Ticker.State()) }
    #expect(store.state.path.ids == [0, 1])
    await store.send(.path(.popFrom(id: 1))) { $0.path.pop(from: 1) }
    await store.send(.openTapped) { $0.path.append(Ticker.State()) }
    #expect(store.state.path.ids == [0, 2])
  }

  @Test func aPushUsesTheGivenIdAndLaterIdsCountPastIt() async {
    let store = navigatorStore()
    await store.send(.path(.push(id: 0, state: Ticker.State()))) { $0.path[id: 0] = Ticker.State() }
    await store.send(.path(.push(id: 1, state: Ticker.State(ticks: 1)))) { $0.path[id: 1] = Ticker.State(ticks: 1) }
    await store.send(.openTapped) { $0.path[id: 2] = Ticker.State() }
    #expect(store.state.path.ids == [0, 1, 2])
  }

  @Test func anAssertionWithTheWrongIdFails() async {
    let store = navigatorStore()
    await store.send(.openTapped) { $0.path.append(Ticker.State()) }
    await withKnownIssue {
      await store.send(.openTapped) { $0.path[id: 2] = Ticker.State() }
    } matching: {
      // The assertion's push of #2 is refused (the next id is #1), and the state differs.
      $0.description.contains("Cannot push id #2") || $0.description.contains("not what the test expected")
    }
  }

  @Test func poppingCancelsThePoppedElementsEffectsAndOnlyThose() async {
    let clock = TestClock()
    let store = navigatorStore(clock: clock)
    await store.send(.openTapped) { $0.path.append(Ticker.State()) }
    await store.send(.openTapped) { $0.path.append(Ticker.State()) }
    await store.send(.path(.element(id: 0, action: .startTapped)))
    await store.send(.path(.element(id: 1, action: .startTapped)))
    await store.send(.path(.popFrom(id: 1))) { $0.path.pop(from: 1) }
    await clock.advance(by: .seconds(1))
    await store.receive(\.path[id: 0].tick) { $0.path[id: 0]?.ticks = 1 }
    await store.send(.backToRootTapped) { $0.path.removeAll() }
    await clock.advance(by: .seconds(3))
    await store.finish()
  }

  @Test func anElementsDismissPopsIt() async {
    let clock = TestClock()
    let store = navigatorStore(clock: clock)
    await store.send(.openTapped) { $0.path.append(Ticker.State()) }
    await store.send(.openTapped) { $0.path.append(Ticker.State()) }
    await store.send(.path(.element(id: 1, action: .startTapped)))
    await store.send(.path(.element(id: 0, action: .closeTapped)))
    await store.receive(.path(.popFrom(id: 0))) { $0.path.removeAll() }
    await clock.advance(by: .seconds(2))
    await store.finish()
  }

  @Test func aDuplicatePushIsAnIssueAndChangesNothing() async {
    let store = navigatorStore()
    await store.send(.openTapped) { $0.path.append(Ticker.State()) }
    await withKnownIssue {
      await store.send(.path(.push(id: 0, state: Ticker.State(ticks: 3))))
    } matching: {
      $0.description.contains("which is already on the stack")
    }
    #expect(store.state.path[id: 0] == Ticker.State())
  }

  @Test func anActionForAPoppedElementIsAnIssue() async {
    let store = navigatorStore()
    await withKnownIssue {
      await store.send(.path(.element(id: 4, action: .tick)))
    } matching: {
      $0.description.contains("not on the stack (id #4)")
    }
  }

  @Test func stackStateRoundTripsThroughJSONAndRejectsBadIds() throws {
    var stack = StackState([1, 2, 3])
    stack.pop(from: 1)
    stack.append(4)
    let data = try JSONEncoder().encode(stack)
    let decoded = try JSONDecoder().decode(StackState<Int>.self, from: data)
    #expect(decoded == stack)
    #expect(decoded.ids == [0, 3])
    var next = decoded
    #expect(next.append(5) == 4)
    let bad = Data(#"{"ids":[1,1],"elements":[1,2]}"#.utf8)
    #expect(throws: DecodingError.self) { try JSONDecoder().decode(StackState<Int>.self, from: bad) }
  }

  @Test func stackDumpsShowIds() {
    let stack = StackState(["a", "b"])
    #expect(valueDump(stack) == "StackState(\n  #0: \"a\",\n  #1: \"b\"\n)")
  }

  @Test func aStackBehindAComputedPropertyRunsItsElementsAndCancelsThemWhenTheyLeave() async {
    let clock = TestClock()
    let store = TestStore(initialState: ComputedNavigator.State()) {
      ComputedNavigator()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.openTapped) { $0.storedPath.append(Ticker.State()) }
    await store.send(.path(.element(id: 0, action: .startTapped)))
    await clock.advance(by: .seconds(1))
    await store.receive(.path(.element(id: 0, action: .tick))) { $0.storedPath[id: 0]?.ticks = 1 }
    await store.send(.backToRootTapped) { $0.storedPath.removeAll() }
    await clock.advance(by: .seconds(3))
    // Exhaustive: a tick from the removed screen's timer would be an unexpected action here.
    await store.finish()
  }
}
