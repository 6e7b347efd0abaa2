import ComposableTesting
import Testing

/// TCA's integration screen "Optional": a counter shown only while the parent holds one.
struct OptionalChild: Reducer {
  struct State: Equatable, ObservableState {
    var child: Counter.State?
    var toggles = 0
  }

  enum Action: Equatable, CasePathable {
    case child(Counter.Action)
    case toggleChildButtonTapped
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .toggleChildButtonTapped:
        state.child = state.child == nil ? Counter.State() : nil
        state.toggles += 1
      case .child:
        break
      }
      return .none
    }
    .ifLet(\.child, action: \.child) { Counter() }
  }
}

@MainActor func optionalChildView(_ store: StoreOf<OptionalChild>) -> HarnessView {
  HarnessView("Parent", store: store) { content in
    if let child = store.scope(state: \.child, action: \.child) {
      content.show(counterView(child))
    } else {
      content.text("No counter")
    }
  }
}

@MainActor struct OptionalChildScreenTests {
  @Test(arguments: ViewHarness.Tracking.allCases) func theParentRendersWhenTheChildComesAndGoesAndNotWhenItCounts(
    tracking: ViewHarness.Tracking
  ) {
    let store = Store(initialState: OptionalChild.State()) { OptionalChild() }
    let harness = ViewHarness(optionalChildView(store), keptBy: tracking)
    #expect(harness.screen == ["No counter"])

    store.send(.toggleChildButtonTapped)
    #expect(harness.settle() == ["Parent", "Counter"])
    #expect(harness.screen == ["Counter: 0"])

    store.send(.child(.incrementButtonTapped))
    #expect(harness.settle() == ["Counter"])
    #expect(harness.screen == ["Counter: 1"])

    store.send(.toggleChildButtonTapped)
    #expect(harness.settle() == ["Parent"], "the counter's view is gone, not rendered")
    #expect(harness.screen == ["No counter"])

    store.send(.toggleChildButtonTapped)
    #expect(harness.settle() == ["Parent", "Counter"])
    #expect(harness.screen == ["Counter: 0"], "a new counter")
  }
}
