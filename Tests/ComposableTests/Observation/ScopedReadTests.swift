import Composable
import ComposableTesting
import Observation
import Testing

/// A bench with a count of its own and an enum destination (a ticker or a note): what a view of an enum feature
/// reads through the store of its current case.
struct Bench: Reducer {
  struct State: Equatable, ObservableState {
    var count = 0
    @Presents var destination: Destination.State?
  }

  enum Action: Equatable, CasePathable {
    case bump
    case showTicker
    case showNote
    case destination(PresentationAction<Destination.Action>)
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .bump: state.count += 1
      case .showTicker: state.destination = .ticker(Ticker.State())
      case .showNote: state.destination = .note(text: "Remember the milk")
      case .destination: break
      }
      return .none
    }
    .ifLet(\.$destination, action: \.destination)
  }
}

/// What a read through a scope depends on: its case, its own fields, its own state, never the whole root.
@MainActor struct ScopedReadTests {
  private func tickerStore(of store: StoreOf<Bench>) -> StoreOf<Ticker>? {
    store.scope(state: \.destination, action: \.destination.presented)?
      .scope(case: "ticker", state: Ticker.State.self) { .ticker($0) }
  }

  @Test func aCaseStoreIsThereWhileTheStateIsThatCaseAndSendsAsIt() throws {
    let store = Store(initialState: Bench.State()) { Bench() }
    #expect(tickerStore(of: store) == nil)
    store.send(.showNote)
    #expect(tickerStore(of: store) == nil)
    store.send(.showTicker)
    let ticker = try #require(tickerStore(of: store))
    #expect(tickerStore(of: store) === ticker, "the same store while something keeps it")
    ticker.send(.tick)
    #expect(store.currentState.destination == .ticker(Ticker.State(ticks: 1)))
    #expect(ticker.currentState.ticks == 1)
    store.send(.showNote)
    #expect(tickerStore(of: store) == nil)
  }

  @Test func aBodyReadingACaseStoreRunsForItsCaseAndItsOwnStateOnly() throws {
    let store = Store(initialState: Bench.State()) { Bench() }
    store.send(.showTicker)
    var seen: [Int?] = []
    let token = observe { seen.append(self.tickerStore(of: store)?.state.ticks) }
    store.send(.bump)
    #expect(seen == [0], "the bench's own count was not read")
    try #require(tickerStore(of: store)).send(.tick)
    #expect(seen == [0, 1])
    store.send(.showNote)
    #expect(seen == [0, 1, nil], "another case: the ticker is gone")
    token.cancel()
  }

  @Test func underObservationAScopesWholeStateDependsOnThatScopeNotTheRoot() {
    let store = Store(initialState: Board.State()) { Board() }
    let tile = store.scope(state: \.tile, action: \.tile)
    let told = LockIsolated(0)
    withObservationTracking {
      _ = tile.state
    } onChange: {
      told.withValue { $0 += 1 }
    }
    store.send(.increment)
    store.send(.touchUnread)
    #expect(told.value == 0)
    store.send(.tile(.bump))
    #expect(told.value == 1)
  }

  @Test func anEquatableStateThatIsNotObservableIsComparedWhole() {
    let store = Store(initialState: Bench.State()) { Bench() }
    store.send(.showTicker)
    let destination = store.scope(state: \.destination, action: \.destination.presented)
    var runs = 0
    let token = observe {
      _ = destination?.state
      runs += 1
    }
    store.send(.bump)
    #expect(runs == 1, "the destination did not change")
    store.send(.destination(.presented(.ticker(.tick))))
    #expect(runs == 2)
    token.cancel()
  }

  @Test func anObserverWhoseSharedValueChangedRunsAtOnceWhenAskedAndNotAgainLater() async {
    let store = Store(initialState: Mirror.State()) { Mirror() }
    var totals: [Int] = []
    let token = observe { totals.append(store.total) }
    store.currentState.$total.withLock { $0 = 5 }
    token.runIfOutdated()
    #expect(totals == [0, 5])
    // The follower told of the write on the next turn finds it seen.
    for _ in 0..<5 { await Task.yield() }
    try? await Task.sleep(for: .milliseconds(50))
    #expect(totals == [0, 5])
    token.runIfOutdated()
    #expect(totals == [0, 5], "nothing changed since")
    token.cancel()
  }
}
