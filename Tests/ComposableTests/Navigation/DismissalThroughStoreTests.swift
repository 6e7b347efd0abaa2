import Composable
import Testing

/// Presents one ticker, as the app presents a form.
struct Presenter: Reducer {
  struct State: Equatable {
    @Presents var ticker: Ticker.State?
  }

  enum Action: Equatable, CasePathable {
    case presentTapped
    case ticker(PresentationAction<Ticker.Action>)
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      if case .presentTapped = action { state.ticker = Ticker.State() }
      return .none
    }
    .ifLet(\.$ticker, action: \.ticker) { Ticker() }
  }
}

/// Pushes tickers, as the app pushes a user's detail.
struct Pusher: Reducer {
  struct State: Equatable {
    var path = StackState<Ticker.State>()
  }

  enum Action: Equatable, CasePathable {
    case pushTapped
    case path(StackActionOf<Ticker>)
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      if case .pushTapped = action { state.path.append(Ticker.State()) }
      return .none
    }
    .forEach(\.path, action: \.path) { Ticker() }
  }
}

/// A child that dismisses itself from its effect, run by a plain `Store` as the app runs it.
///
/// Both crashed every optimized build (`swift test -c release`, the release `users`
/// binary) while debug builds passed: the navigation reducers installed the dismissal
/// as a closure-typed task-local, which Swift 6.3 miscompiles (see
/// `TaskLocalToolchainTests`).
@MainActor struct DismissalThroughStoreTests {
  @Test func aPresentedChildDismissesItself() async {
    let store = Store(initialState: Presenter.State()) { Presenter() }
    store.send(.presentTapped)
    #expect(store.state.ticker == Ticker.State())
    await store.send(.ticker(.presented(.closeTapped))).finish()
    #expect(store.state.ticker == nil)
    #expect(store.runningEffectCount == 0)
  }

  @Test func aPushedChildPopsItself() async {
    let store = Store(initialState: Pusher.State()) { Pusher() }
    store.send(.pushTapped)
    store.send(.pushTapped)
    #expect(store.state.path.ids == [0, 1])
    await store.send(.path(.element(id: 1, action: .closeTapped))).finish()
    #expect(store.state.path.ids == [0])
    await store.send(.path(.element(id: 0, action: .closeTapped))).finish()
    #expect(store.state.path.isEmpty)
  }
}
