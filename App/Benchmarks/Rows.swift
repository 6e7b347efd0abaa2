import Composable

/// A list of rows, each a small feature, to measure `forEach`.
struct Rows: Reducer {
  struct Row: Identifiable, Equatable {
    let id: Int
    var count = 0
  }

  struct RowFeature: Reducer {
    func reduce(into state: inout Row, action: Counter.Action) -> Effect<Counter.Action> {
      state.count += 1
      return .none
    }
  }

  struct State: Equatable {
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
