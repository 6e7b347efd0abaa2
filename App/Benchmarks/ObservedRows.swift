import Composable

/// A list whose rows opt into field-level observation, to measure a list view and its row views as observers.
struct ObservedRows: Reducer {
  struct Row: Identifiable, Equatable, ObservableState {
    let id: Int
    var count = 0
  }

  struct RowFeature: Reducer {
    func reduce(into state: inout Row, action: Counter.Action) -> Effect<Counter.Action> {
      state.count += 1
      return .none
    }
  }

  struct State: Equatable, ObservableState {
    var rows: IdentifiedArrayOf<Row>
  }

  enum Action: CasePathable {
    case rows(IdentifiedAction<Int, Counter.Action>)
  }

  var body: some ReducerOf<Self> {
    EmptyReducer()
      .forEach(\.rows, action: \.rows) { RowFeature() }
  }
}
