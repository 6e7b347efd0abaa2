import ComposableTesting
import Testing

/// TCA's integration screen "Identified list": rows of counters, added and removed.
struct CounterList: Reducer {
  struct State: Equatable, ObservableState {
    var rows: IdentifiedArrayOf<Counter.State> = IdentifiedArray(uniqueElements: (1...10).map { Counter.State(id: $0) })
  }

  enum Action: Equatable, CasePathable {
    case rows(IdentifiedActionOf<Counter>)
    case addButtonTapped
    case removeButtonTapped(id: Int)
    case resetButtonTapped(id: Int)
    case reverseButtonTapped
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .addButtonTapped: state.rows.append(Counter.State(id: (state.rows.ids.max() ?? 0) + 1))
      case let .removeButtonTapped(id): state.rows.remove(id: id)
      case let .resetButtonTapped(id): state.rows[id: id]?.count = 0
      case .reverseButtonTapped: state.rows.sort { $0.id > $1.id }
      case .rows: break
      }
      return .none
    }
    .forEach(\.rows, action: \.rows) { Counter() }
  }
}

@MainActor func counterListView(_ store: StoreOf<CounterList>) -> HarnessView {
  HarnessView("List", store: store) { content in
    for row in store.scope(state: \.rows, action: \.rows) {
      content.show(counterView(row, named: "Row \(row.currentState.id)"))
    }
  }
}

@MainActor struct IdentifiedListScreenTests {
  @Test(arguments: ViewHarness.Tracking.allCases)
  func aChangeInOneRowRendersThatRowAndAddingOrRemovingRendersTheListAlone(tracking: ViewHarness.Tracking) {
    let store = Store(initialState: CounterList.State()) { CounterList() }
    let harness = ViewHarness(counterListView(store), keptBy: tracking)
    #expect(harness.screen.count == 10)

    store.send(.rows(.element(id: 3, action: .incrementButtonTapped)))
    #expect(harness.settle() == ["Row 3"])
    #expect(harness.screen[2] == "Row 3: 1")

    store.send(.addButtonTapped)
    #expect(harness.settle() == ["List", "Row 11"], "the ten rows are kept")
    store.send(.removeButtonTapped(id: 3))
    #expect(harness.settle() == ["List"])
    #expect(harness.screen.count == 10)
    #expect(!harness.screen.contains("Row 3: 1"))
    #expect(harness.renders(of: "Row 5") == 1)
  }

  @Test(arguments: ViewHarness.Tracking.allCases)
  func aRowChangedByTheListItselfRendersThatRowAndReorderingRendersTheListAlone(tracking: ViewHarness.Tracking) {
    var initial = CounterList.State()
    for id in [2, 3] { initial.rows[id: id]?.count = 5 }
    let store = Store(initialState: initial) { CounterList() }
    let harness = ViewHarness(counterListView(store), keptBy: tracking)

    store.send(.resetButtonTapped(id: 3))
    #expect(harness.settle() == ["Row 3"])
    store.send(.resetButtonTapped(id: 3))
    #expect(harness.settle() == [], "reset again: the same count")

    store.send(.reverseButtonTapped)
    #expect(harness.settle() == ["List"], "every row looked, none changed")
    #expect(harness.screen.first == "Row 10: 0")
    #expect(harness.screen.last == "Row 1: 0")
    store.send(.rows(.element(id: 2, action: .incrementButtonTapped)))
    #expect(harness.settle() == ["Row 2"], "rows are followed by id, wherever they moved")
    #expect(harness.screen[8] == "Row 2: 6")
  }
}
