import ComposableTesting
import Testing

/// TCA's integration screen "Siblings": two counters side by side, reset and swapped by their parent.
struct Siblings: Reducer {
  struct State: Equatable, ObservableState {
    var first = Counter.State(id: 1)
    var second = Counter.State(id: 2)
  }

  enum Action: Equatable, CasePathable {
    case first(Counter.Action)
    case second(Counter.Action)
    case resetAllButtonTapped
    case swapButtonTapped
  }

  var body: some ReducerOf<Self> {
    Scope(state: \.first, action: \.first) { Counter() }
    Scope(state: \.second, action: \.second) { Counter() }
    Reduce { state, action in
      switch action {
      case .resetAllButtonTapped:
        state.first.count = 0
        state.second.count = 0
      case .swapButtonTapped:
        swap(&state.first.count, &state.second.count)
      case .first, .second:
        break
      }
      return .none
    }
  }
}

@MainActor func siblingsView(_ store: StoreOf<Siblings>) -> HarnessView {
  HarnessView("Siblings", store: store) { content in
    content.show(counterView(store.scope(state: \.first, action: \.first), named: "First"))
    content.show(counterView(store.scope(state: \.second, action: \.second), named: "Second"))
  }
}

@MainActor struct SiblingsScreenTests {
  @Test(arguments: ViewHarness.Tracking.allCases) func aChangeInOneSiblingRendersThatSiblingAlone(
    tracking: ViewHarness.Tracking
  ) {
    let store = Store(initialState: Siblings.State()) { Siblings() }
    let harness = ViewHarness(siblingsView(store), keptBy: tracking)
    #expect(harness.screen == ["First: 0", "Second: 0"])

    store.send(.first(.incrementButtonTapped))
    #expect(harness.settle() == ["First"])
    store.send(.second(.incrementButtonTapped))
    store.send(.second(.incrementButtonTapped))
    // One frame for both sends; `observe { }` runs once per send.
    #expect(harness.settle() == (tracking == .observation ? ["Second"] : ["Second", "Second"]))
    #expect(harness.screen == ["First: 1", "Second: 2"])

    store.send(.swapButtonTapped)
    #expect(harness.settle() == ["First", "Second"], "the parent reads neither child's fields")
    #expect(harness.screen == ["First: 2", "Second: 1"])

    store.send(.resetAllButtonTapped)
    #expect(harness.settle() == ["First", "Second"])
    #expect(harness.screen == ["First: 0", "Second: 0"])
    #expect(harness.renders(of: "Siblings") == 1)
  }
}
