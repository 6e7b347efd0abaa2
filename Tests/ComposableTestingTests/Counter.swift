import ComposableTesting

/// The counter every screen of these tests shows: a count, and whether it is displayed.
struct Counter: Reducer {
  struct State: Equatable, Identifiable, ObservableState {
    var id = 0
    var count = 0
    var isDisplayingCount = true
  }

  enum Action: Equatable, CasePathable {
    case incrementButtonTapped
    case toggleDisplayButtonTapped
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .incrementButtonTapped: state.count += 1
    case .toggleDisplayButtonTapped: state.isDisplayingCount.toggle()
    }
    return .none
  }
}

/// The counter's view: its count, or that it is hidden (then the count is not read).
@MainActor func counterView(_ store: StoreOf<Counter>, named name: String = "Counter") -> HarnessView {
  HarnessView(name, store: store) { content in
    content.text(store.isDisplayingCount ? "\(name): \(store.count)" : "\(name): hidden")
  }
}
