import Clocks
import Composable
import ComposableTesting
import Testing

/// A presented ticker and a stack of tickers, which a reducer outside their `ifLet` and `forEach` removes.
struct Shelf: Reducer {
  struct State: Equatable {
    @Presents var ticker: Ticker.State?
    var path = StackState<Ticker.State>()
  }

  enum Action: Equatable, CasePathable {
    case ticker(PresentationAction<Ticker.Action>)
    case path(StackActionOf<Ticker>)
    case closeTapped
    case popTapped(StackElementID)
    case refreshed
  }

  var body: some ReducerOf<Self> {
    Reduce { _, _ in .none }
      .ifLet(\.$ticker, action: \.ticker) { Ticker() }
      .forEach(\.path, action: \.path) { Ticker() }
    // Outside the navigation reducers: they do not see these writes while they run.
    Reduce { state, action in
      switch action {
      case .closeTapped: state.ticker = nil
      case let .popTapped(id): state.path.pop(from: id)
      case .ticker, .path, .refreshed: break
      }
      return .none
    }
  }
}

@MainActor struct OutsideRemovalTests {
  private func shelfStore(_ state: Shelf.State, clock: TestClock) -> TestStore<Shelf.State, Shelf.Action> {
    TestStore(initialState: state) {
      Shelf()
    } withDependencies: {
      $0.continuousClock = clock
    }
  }

  @Test func aPresentedChildDismissedOutsideItsIfLetHasItsEffectsCancelledByTheNextAction() async {
    let clock = TestClock()
    let store = shelfStore(Shelf.State(ticker: Ticker.State()), clock: clock)
    await store.send(.ticker(.presented(.startTapped)))
    await store.send(.closeTapped) { $0.ticker = nil }
    // As in TCA, the `ifLet` learns of the dismissal the next time it runs.
    await store.send(.refreshed)
    await clock.advance(by: .seconds(3))
    await store.finish()
  }

  @Test func stackElementsPoppedOutsideTheirForEachHaveOnlyTheirEffectsCancelled() async {
    let clock = TestClock()
    let store = shelfStore(
      Shelf.State(path: StackState([Ticker.State(), Ticker.State(), Ticker.State()])), clock: clock)
    for id: StackElementID in [0, 1, 2] { await store.send(.path(.element(id: id, action: .startTapped))) }
    await store.send(.popTapped(1)) { $0.path.pop(from: 1) }
    await store.send(.refreshed)
    await clock.advance(by: .seconds(1))
    await store.receive(.path(.element(id: 0, action: .tick))) { $0.path[id: 0]?.ticks = 1 }
    await store.send(.path(.popFrom(id: 0))) { $0.path.removeAll() }
    await store.finish()
  }

  @Test func aChildDismissedOutsideAndThenPresentedAgainKeepsTheNewChildsEffects() async {
    let clock = TestClock()
    let store = shelfStore(Shelf.State(path: StackState([Ticker.State()])), clock: clock)
    await store.send(.path(.element(id: 0, action: .startTapped)))
    await store.send(.popTapped(0)) { $0.path.removeAll() }
    // The push is the next action through the `forEach`: it cancels the popped element, not the new one.
    await store.send(.path(.push(id: 1, state: Ticker.State()))) { $0.path[id: 1] = Ticker.State() }
    await store.send(.path(.element(id: 1, action: .startTapped)))
    await clock.advance(by: .seconds(1))
    await store.receive(.path(.element(id: 1, action: .tick))) { $0.path[id: 1]?.ticks = 1 }
    await store.send(.popTapped(1)) { $0.path.removeAll() }
    await store.send(.refreshed)
    await store.finish()
  }

  @Test func theRecordOfAnOutsideRemovalIsNotPartOfTheValue() {
    var presented = Shelf.State(ticker: Ticker.State(), path: StackState([Ticker.State()]))
    presented.ticker = nil
    presented.path.removeAll()
    #expect(presented == Shelf.State())
    #expect(valueDump(presented) == valueDump(Shelf.State()))
  }
}
