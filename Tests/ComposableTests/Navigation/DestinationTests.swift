import Composable
import ComposableTesting
import Testing

/// What a screen can present: a ticker or a note, one at a time, as one optional enum. The note is plain state
/// (a labeled payload): no actions, no logic.
enum Destination: Reducer {
  case ticker(Ticker)
  case note(text: String)
}

struct Screen: Reducer {
  struct State: Equatable {
    @Presents var destination: Destination.State?
  }

  enum Action: Equatable, CasePathable {
    case tickerTapped
    case noteTapped
    case destination(PresentationAction<Destination.Action>)
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .tickerTapped:
        state.destination = .ticker(Ticker.State())
        return .none
      case .noteTapped:
        state.destination = .note(text: "Remember the milk")
        return .none
      case .destination:
        return .none
      }
    }
    .ifLet(\.$destination, action: \.destination)
  }
}

@MainActor struct DestinationTests {
  @Test func switchingTheDestinationCaseCancelsTheOldCasesEffects() async {
    let clock = TestClock()
    let store = TestStore(initialState: Screen.State()) {
      Screen()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.tickerTapped) { $0.destination = .ticker(Ticker.State()) }
    await store.send(.destination(.presented(.ticker(.startTapped))))
    await clock.advance(by: .seconds(1))
    await store.receive(.destination(.presented(.ticker(.tick)))) { $0.destination = .ticker(Ticker.State(ticks: 1)) }
    await store.send(.noteTapped) { $0.destination = .note(text: "Remember the milk") }
    await clock.advance(by: .seconds(3))
    await store.finish()
  }

  @Test func changingTheSameCaseKeepsItsEffects() async {
    let clock = TestClock()
    let store = TestStore(initialState: Screen.State()) {
      Screen()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.tickerTapped) { $0.destination = .ticker(Ticker.State()) }
    await store.send(.destination(.presented(.ticker(.startTapped))))
    await clock.advance(by: .seconds(2))
    await store.receive(.destination(.presented(.ticker(.tick)))) { $0.destination = .ticker(Ticker.State(ticks: 1)) }
    await store.receive(.destination(.presented(.ticker(.tick)))) { $0.destination = .ticker(Ticker.State(ticks: 2)) }
    await store.send(.destination(.dismiss)) { $0.destination = nil }
    await store.finish()
  }

  @Test func aDestinationCaseDismissesItself() async {
    let store = TestStore(initialState: Screen.State()) { Screen() }
    await store.send(.tickerTapped) { $0.destination = .ticker(Ticker.State()) }
    await store.send(.destination(.presented(.ticker(.closeTapped))))
    await store.receive(.destination(.dismiss)) { $0.destination = nil }
  }
}
