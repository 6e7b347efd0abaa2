import Observation

/// A row as Apple's Observation keeps it, written as the `@Observable` macro expands (the package uses no macros):
/// the floor under (l), what SwiftUI's `ForEach` rows cost when the model is an `@Observable` class.
final class ObservableRow: Observable, @unchecked Sendable {
  let id: Int
  private var storedCount = 0
  private let registrar = ObservationRegistrar()

  init(id: Int) { self.id = id }

  /// The one field a row's body reads.
  var count: Int {
    get {
      registrar.access(self, keyPath: \.count)
      return storedCount
    }
    set { registrar.withMutation(of: self, keyPath: \.count) { storedCount = newValue } }
  }
}

/// The list the rows live in, observable too: its observer reads how many rows there are, as a list's body does.
final class ObservableRowList: Observable, @unchecked Sendable {
  private var storedRows: [ObservableRow]
  private let registrar = ObservationRegistrar()

  init(rows: [ObservableRow]) { storedRows = rows }

  /// The rows, observed as a whole.
  var rows: [ObservableRow] {
    registrar.access(self, keyPath: \.rows)
    return storedRows
  }
}

/// How often the floor's observers ran, per list size, beyond each one's first registration.
nonisolated(unsafe) var floorObserverRunsByRows: [Int: (list: Int, rows: Int)] = [:]

/// Observes `row` as a body does: told once at its next change, then registered again (the next render).
@MainActor func observeFloorRow(_ row: ObservableRow, rowCount: Int) {
  withObservationTracking {
    blackHole(row.count)
  } onChange: {
    floorObserverRunsByRows[rowCount]?.rows += 1
  }
}

/// (l)'s floor: one row of `rowCount` `@Observable` rows changed per operation, its observer told and registered
/// again; the list's observer registered once, and never told.
@MainActor func observationFloorScenario(rowCount: Int, ids: [Int], name: String) -> Scenario {
  let list = ObservableRowList(rows: (0..<rowCount).map { ObservableRow(id: $0) })
  floorObserverRunsByRows[rowCount] = (0, 0)
  withObservationTracking {
    blackHole(list.rows.count)
  } onChange: {
    floorObserverRunsByRows[rowCount]?.list += 1
  }
  // Read once without tracking: the operations below index the same array the observers were given.
  let rows = list.rows
  for row in rows { observeFloorRow(row, rowCount: rowCount) }
  return Scenario(name: name, operations: ids.count) {
    for id in ids {
      rows[id].count += 1
      observeFloorRow(rows[id], rowCount: rowCount)
    }
    blackHole(rows[0].count)
  }
}
