import Composable
import Foundation
import Testing

/// How many times a `ComparedCount` was compared: what a row's follower costs, counted.
enum ComparedCountComparisons {
  private static let lock = NSLock()
  nonisolated(unsafe) private static var count = 0

  static func note() {
    lock.withLock { count += 1 }
  }

  /// The comparisons made while `body` ran.
  static func during(_ body: () -> Void) -> Int {
    let before = lock.withLock { count }
    body()
    return lock.withLock { count } - before
  }
}

/// A row's value whose comparisons are counted.
struct ComparedCount: Equatable {
  var value = 0

  static func == (lhs: ComparedCount, rhs: ComparedCount) -> Bool {
    ComparedCountComparisons.note()
    return lhs.value == rhs.value
  }
}

/// A long list of rows, and a parent that writes them in every way a reducer can.
struct Ledger: Reducer {
  struct Row: Equatable, Identifiable, ObservableState {
    let id: Int
    var tally = ComparedCount()
  }

  struct RowFeature: Reducer {
    enum Action: Equatable { case bump }

    func reduce(into state: inout Row, action: Action) -> Effect<Action> {
      state.tally.value += 1
      return .none
    }
  }

  struct State: Equatable, ObservableState {
    var rows: IdentifiedArrayOf<Row>
    var path = StackState<Row>()
    var title = "Ledger"

    init(rowCount: Int) {
      rows = IdentifiedArray(uniqueElements: (0..<rowCount).map { Row(id: $0) })
    }
  }

  enum Action: Equatable, CasePathable {
    case rows(IdentifiedActionOf<RowFeature>)
    case path(StackActionOf<RowFeature>)
    case bumpDirectly(Int)
    case bumpTwo(Int, Int)
    case replaceAll(bumping: Int)
    case writeACopyApart(kept: Int, dropped: Int)
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .bumpDirectly(id):
        state.rows[id: id]?.tally.value += 1
      case let .bumpTwo(first, second):
        state.rows[id: first]?.tally.value += 1
        state.rows[id: second]?.tally.value += 1
      case let .replaceAll(bumping: id):
        state.rows = IdentifiedArray(
          uniqueElements: state.rows.map { row in
            var row = row
            if row.id == id { row.tally.value += 1 }
            return row
          })
      case let .writeACopyApart(kept, dropped):
        // Two copies written apart: the one assigned back carries its own write, and not the other's.
        var copy = state.rows
        copy[id: kept]?.tally.value += 1
        state.rows[id: dropped]?.tally.value += 1
        state.rows = copy
      case .rows, .path:
        break
      }
      return .none
    }
    .forEach(\.rows, action: \.rows) { RowFeature() }
    .forEach(\.path, action: \.path) { RowFeature() }
  }
}

/// A row's change reaches that row's observers without reading the others, however it was written.
@MainActor struct RowWriteTests {
  /// A store of `rowCount` rows whose every row store is observed; `runs[id]` counts its observer's runs.
  @MainActor final class ObservedLedger {
    let store: StoreOf<Ledger>
    var runs: [Int: Int] = [:]
    var tokens: [ObserveToken] = []

    init(rowCount: Int) {
      store = Store(initialState: Ledger.State(rowCount: rowCount)) { Ledger() }
      for row in store.scope(state: \.rows, action: \.rows) {
        let id = row.id
        tokens.append(
          observe { [unowned self] in
            _ = row.tally
            runs[id, default: 0] += 1
          })
      }
    }

    /// The rows whose observers ran during `body`.
    func rowsTold(by body: () -> Void) -> [Int] {
      let before = runs
      body()
      return runs.keys.filter { runs[$0] != before[$0] }.sorted()
    }
  }

  @Test func aSendToOneRowComparesThatRowAloneAndCopiesNoRow() {
    let ledger = ObservedLedger(rowCount: 1_000)
    let storageBefore = ledger.store.currentState.rows.elementsArray.withUnsafeBufferPointer { $0.baseAddress }
    var told: [Int] = []
    let comparisons = ComparedCountComparisons.during {
      told = ledger.rowsTold { ledger.store.send(.rows(.element(id: 500, action: .bump))) }
    }
    #expect(told == [500])
    // The written row's hub compares its one field; no other row is compared.
    #expect(comparisons == 1)
    // Nothing kept the list between sends, so the write went to its storage in place: no copy of 1,000 rows.
    let storageAfter = ledger.store.currentState.rows.elementsArray.withUnsafeBufferPointer { $0.baseAddress }
    #expect(storageAfter == storageBefore)
  }

  @Test func aParentViewReadingItsFieldsKeepsNoCopyOfTheList() {
    let ledger = ObservedLedger(rowCount: 1_000)
    var titleRuns = 0
    var listRuns = 0
    let title = observe {
      _ = ledger.store.title
      titleRuns += 1
    }
    let list = observe {
      _ = ledger.store.rows.count
      listRuns += 1
    }
    let storageBefore = ledger.store.currentState.rows.elementsArray.withUnsafeBufferPointer { $0.baseAddress }
    #expect(ledger.rowsTold { ledger.store.send(.rows(.element(id: 3, action: .bump))) } == [3])
    let storageAfter = ledger.store.currentState.rows.elementsArray.withUnsafeBufferPointer { $0.baseAddress }
    #expect(storageAfter == storageBefore)
    // A body that reads the list through its parent depends on the whole list (the identity model's rule).
    #expect(titleRuns == 1)
    #expect(listRuns == 2)
    _ = (title, list)
  }

  @Test func aRowWrittenAgainAndAgainIsToldEachTime() {
    let ledger = ObservedLedger(rowCount: 100)
    for _ in 0..<3 {
      #expect(ledger.rowsTold { ledger.store.send(.rows(.element(id: 7, action: .bump))) } == [7])
    }
    #expect(ledger.rowsTold { ledger.store.send(.rows(.element(id: 8, action: .bump))) } == [8])
  }

  @Test func aParentsDirectWriteToARowReachesItsObservers() {
    let ledger = ObservedLedger(rowCount: 100)
    #expect(ledger.rowsTold { ledger.store.send(.bumpDirectly(42)) } == [42])
  }

  @Test func twoRowsWrittenInOneSendAreBothTold() {
    let ledger = ObservedLedger(rowCount: 100)
    #expect(ledger.rowsTold { ledger.store.send(.bumpTwo(3, 97)) } == [3, 97])
  }

  @Test func aListReplacedByAnEqualOneButARowTellsThatRow() {
    let ledger = ObservedLedger(rowCount: 100)
    #expect(ledger.rowsTold { ledger.store.send(.replaceAll(bumping: 64)) } == [64])
  }

  @Test func aCopyWrittenApartAndAssignedBackTellsItsRowNotTheDroppedOne() {
    let ledger = ObservedLedger(rowCount: 100)
    #expect(ledger.rowsTold { ledger.store.send(.writeACopyApart(kept: 10, dropped: 20)) } == [10])
    #expect(ledger.store.rows[id: 10]?.tally.value == 1)
    #expect(ledger.store.rows[id: 20]?.tally.value == 0)
  }

  @Test func aSendToOneScreenOfAStackTellsThatScreenAlone() {
    var initial = Ledger.State(rowCount: 0)
    for id in 0..<3 { initial.path.append(Ledger.Row(id: id)) }
    let store = Store(initialState: initial) { Ledger() }
    var runs: [StackElementID: Int] = [:]
    var tokens: [ObserveToken] = []
    for (id, screen) in store.scope(state: \.path, action: \.path) {
      tokens.append(
        observe {
          _ = screen.tally
          runs[id, default: 0] += 1
        })
    }
    let middle = store.currentState.path.ids[1]
    store.send(.path(.element(id: middle, action: .bump)))
    #expect(runs == [store.currentState.path.ids[0]: 1, middle: 2, store.currentState.path.ids[2]: 1])
    _ = tokens
  }
}
