import Composable
import ComposableTesting
import Testing

/// Holds an optional stopwatch (a stored property) and an optional ticker, a child without identity,
/// behind a computed property, so that `ifLet` reaches it through the key path instead of a field offset.
struct Desk: Reducer {
  struct State: Equatable {
    var stopwatch: Stopwatch.State?
    var storedTicker: Ticker.State?
    var ticker: Ticker.State? {
      get { storedTicker }
      set { storedTicker = newValue }
    }
  }

  enum Action: Equatable, CasePathable {
    case showStopwatch(id: Int)
    case relabelTapped
    case hideStopwatch
    case showTicker
    case hideTicker
    case stopwatch(Stopwatch.Action)
    case ticker(Ticker.Action)
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .showStopwatch(id): state.stopwatch = Stopwatch.State(id: id)
      case .relabelTapped: state.stopwatch?.label = "relabelled"
      case .hideStopwatch: state.stopwatch = nil
      case .showTicker: state.ticker = Ticker.State()
      case .hideTicker: state.ticker = nil
      case .stopwatch, .ticker: break
      }
      return .none
    }
    .ifLet(\.stopwatch, action: \.stopwatch) { Stopwatch() }
    .ifLet(\.ticker, action: \.ticker) { Ticker() }
  }
}

@MainActor struct IfLetTests {
  private func store(clock: TestClock) -> TestStore<Desk.State, Desk.Action> {
    TestStore(initialState: Desk.State()) {
      Desk()
    } withDependencies: {
      $0.continuousClock = clock
    }
  }

  @Test func editingTheChildInPlaceKeepsItsEffects() async {
    let clock = TestClock()
    let store = store(clock: clock)
    await store.send(.showStopwatch(id: 1)) { $0.stopwatch = Stopwatch.State(id: 1) }
    await store.send(.stopwatch(.startTapped))
    await store.send(.relabelTapped) { $0.stopwatch?.label = "relabelled" }
    await clock.advance(by: .seconds(1))
    await store.receive(.stopwatch(.tick)) { $0.stopwatch?.ticks = 1 }
    await store.send(.hideStopwatch) { $0.stopwatch = nil }
    await clock.advance(by: .seconds(3))
    // Exhaustive: a tick after hiding would be an unexpected action here.
    await store.finish()
  }

  @Test func aChildWithAnotherIDCancelsTheOldChildsEffects() async {
    let clock = TestClock()
    let store = store(clock: clock)
    await store.send(.showStopwatch(id: 1)) { $0.stopwatch = Stopwatch.State(id: 1) }
    await store.send(.stopwatch(.startTapped))
    await store.send(.showStopwatch(id: 2)) { $0.stopwatch = Stopwatch.State(id: 2) }
    await clock.advance(by: .seconds(3))
    await store.finish()
  }

  @Test func aChildThatRenumbersItselfCancelsTheEffectsOfItsOldIdentity() async {
    let clock = TestClock()
    let store = store(clock: clock)
    await store.send(.showStopwatch(id: 1)) { $0.stopwatch = Stopwatch.State(id: 1) }
    await store.send(.stopwatch(.startTapped))
    await store.send(.stopwatch(.renumberTapped)) { $0.stopwatch?.id = 101 }
    await clock.advance(by: .seconds(3))
    await store.finish()
  }

  @Test func aChildWithoutIdentityBehindAComputedPropertyIsCancelledWhenItGoesAway() async {
    let clock = TestClock()
    let store = store(clock: clock)
    await store.send(.showTicker) { $0.storedTicker = Ticker.State() }
    await store.send(.ticker(.startTapped))
    await clock.advance(by: .seconds(1))
    await store.receive(.ticker(.tick)) { $0.storedTicker?.ticks = 1 }
    // Presenting it again while present keeps it the same child: its timer keeps going.
    await store.send(.showTicker) { $0.storedTicker = Ticker.State() }
    await clock.advance(by: .seconds(1))
    await store.receive(.ticker(.tick)) { $0.storedTicker?.ticks = 1 }
    await store.send(.hideTicker) { $0.storedTicker = nil }
    await clock.advance(by: .seconds(3))
    await store.finish()
  }

  @Test func aChildActionWhileTheChildIsAbsentIsAnIssueAndChangesNothing() async {
    let store = store(clock: TestClock())
    await withKnownIssue {
      await store.send(.stopwatch(.tick))
    } matching: { issue in
      issue.description.contains("received a child action while its state was nil")
    }
    #expect(store.state == Desk.State())
  }
}
