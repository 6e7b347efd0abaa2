import ComposableTesting
import Testing

/// What the enum screen presents: one of two counters, as one optional enum.
enum CounterDestination: Reducer {
  case first(Counter)
  case second(Counter)
}

/// TCA's integration screen "Enum": a destination that is one feature or another, or nothing.
struct EnumScreen: Reducer {
  struct State: Equatable, ObservableState {
    @Presents var destination: CounterDestination.State?
  }

  enum Action: Equatable, CasePathable {
    case destination(PresentationAction<CounterDestination.Action>)
    case firstButtonTapped
    case secondButtonTapped
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .firstButtonTapped: state.destination = .first(Counter.State())
      case .secondButtonTapped: state.destination = .second(Counter.State())
      case .destination: break
      }
      return .none
    }
    .ifLet(\.$destination, action: \.destination)
  }
}

@MainActor func enumScreenView(_ store: StoreOf<EnumScreen>) -> HarnessView {
  HarnessView("Enum", store: store) { content in
    if let first = store.scope(state: \.destination?[case: \.first], action: \.destination.presented.first) {
      content.show(counterView(first, named: "First"))
    } else if let second = store.scope(
      state: \.destination?[case: \.second], action: \.destination.presented.second)
    {
      content.show(counterView(second, named: "Second"))
    } else {
      content.text("Nothing presented")
    }
  }
}

@MainActor struct EnumDestinationScreenTests {
  @Test(arguments: ViewHarness.Tracking.allCases)
  func theParentRendersWhenTheCaseChangesAndTheCaseWhenItsFeatureChanges(tracking: ViewHarness.Tracking) {
    let store = Store(initialState: EnumScreen.State()) { EnumScreen() }
    let harness = ViewHarness(enumScreenView(store), keptBy: tracking)
    #expect(harness.screen == ["Nothing presented"])

    store.send(.firstButtonTapped)
    #expect(harness.settle() == ["Enum", "First"])
    store.send(.destination(.presented(.first(.incrementButtonTapped))))
    #expect(harness.settle() == ["First"])
    #expect(harness.screen == ["First: 1"])

    store.send(.secondButtonTapped)
    #expect(harness.settle() == ["Enum", "Second"])
    #expect(harness.screen == ["Second: 0"])

    store.send(.destination(.dismiss))
    #expect(harness.settle() == ["Enum"])
    #expect(harness.screen == ["Nothing presented"])
  }
}
