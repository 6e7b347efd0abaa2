import ComposableTesting
import Testing

/// TCA's integration screen "Navigation stack": counters pushed on counters.
struct CounterStack: Reducer {
  struct State: Equatable, ObservableState {
    var path = StackState<Counter.State>()
  }

  enum Action: Equatable, CasePathable {
    case path(StackActionOf<Counter>)
    case pushButtonTapped
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .pushButtonTapped: state.path.append(Counter.State(id: state.path.count + 1))
      case .path: break
      }
      return .none
    }
    .forEach(\.path, action: \.path) { Counter() }
  }
}

@MainActor func counterStackView(_ store: StoreOf<CounterStack>) -> HarnessView {
  HarnessView("Stack", store: store) { content in
    content.text("Root")
    for (id, screen) in store.scope(state: \.path, action: \.path) {
      content.show(counterView(screen, named: "Screen \(id)"))
    }
  }
}

@MainActor struct NavigationStackScreenTests {
  @Test(arguments: ViewHarness.Tracking.allCases) func pushingDeepRendersTheStackAndTheNewScreenOnly(
    tracking: ViewHarness.Tracking
  ) {
    let store = Store(initialState: CounterStack.State()) { CounterStack() }
    let harness = ViewHarness(counterStackView(store), keptBy: tracking)
    #expect(harness.screen == ["Root"])

    store.send(.pushButtonTapped)
    #expect(harness.settle() == ["Stack", "Screen #0"])
    store.send(.pushButtonTapped)
    #expect(harness.settle() == ["Stack", "Screen #1"])
    store.send(.pushButtonTapped)
    #expect(harness.settle() == ["Stack", "Screen #2"])
    #expect(harness.screen == ["Root", "Screen #0: 0", "Screen #1: 0", "Screen #2: 0"])

    store.send(.path(.element(id: 1, action: .incrementButtonTapped)))
    #expect(harness.settle() == ["Screen #1"])
    #expect(harness.screen == ["Root", "Screen #0: 0", "Screen #1: 1", "Screen #2: 0"])

    store.send(.path(.popFrom(id: 1)))
    #expect(harness.settle() == ["Stack"])
    #expect(harness.screen == ["Root", "Screen #0: 0"])
  }
}
