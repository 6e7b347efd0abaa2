import Dependencies
import Foundation

/// One thing a person does in a live `users` session of the two-session exploration, as the lines typed.
///
/// Both sessions keep the list sorted by id and delete only users added during the run (rows after the sixth),
/// so row R of the list is the user whose id is R for the six seeded users: what a rename or a favorite does can
/// be told without reading the screen. A delete reads the name its confirmation shows.
enum SessionStep: Equatable, CustomStringConvertible {
  /// Opens row `row`, edits its name to `name`, saves, and goes back to the list.
  case rename(row: Int, name: String)
  /// Marks or unmarks row `row` as a favorite.
  case favorite(row: Int)
  /// Adds a user named `name`, and goes back to the list.
  case add(name: String)
  /// Shows the next page, or the previous one.
  case page(next: Bool)
  /// Asks to delete row `row` (one added during the run) and confirms.
  case delete(row: Int)

  /// The step as the script of a failure lists it.
  var description: String {
    switch self {
    case let .rename(row, name): "rename \(row) \(name)"
    case let .favorite(row): "fav \(row)"
    case let .add(name): "add \(name)"
    case let .page(next): next ? "next" : "prev"
    case let .delete(row): "delete \(row)"
    }
  }

  /// The commands a person types for it, in order (for a rename, what follows a refused save is decided then).
  var lines: [String] {
    switch self {
    case let .rename(row, name): ["open \(row)", "edit", "name \(name)", "save"]
    case let .favorite(row): ["fav \(row)"]
    case let .add(name): ["add", "name \(name)", "email \(name.lowercased())@example.org", "save"]
    case let .page(next): [next ? "next" : "prev"]
    case let .delete(row): ["delete \(row)", "delete"]
    }
  }

  /// A random step of session `session`, the `index`-th it takes (names are unique: `S1n4`).
  static func random(session: Int, index: Int, rows: Int, random: inout SplitMix64) -> SessionStep {
    let row = Int(random.next() % UInt64(rows)) + 1
    switch random.next() % 11 {
    // Renames go to the first three rows, so the two sessions often have the same user open.
    case 0..<3: return .rename(row: (row - 1) % 3 + 1, name: "S\(session)n\(index)")
    case 3..<6: return .favorite(row: row)
    case 6..<8: return .add(name: "S\(session)a\(index)")
    // Only users added during the run are deleted: the six seeded rows keep their numbers.
    case 8..<10: return .delete(row: rows + 1 + Int(random.next() % 3))
    default: return .page(next: random.next() % 2 == 0)
    }
  }
}

/// Two sessions' steps, and which session types its next line at each turn: `turns[i]` is 0 or 1 (when that
/// session has nothing left the other goes on), so one session's rename can be open while the other saves.
struct TwoSessionScript: Equatable {
  var steps: [[SessionStep]]
  var turns: [Int]

  /// A random script of `count` steps in all.
  static func random(seed: UInt64, count: Int, rows: Int) -> TwoSessionScript {
    var random = SplitMix64(seed: seed)
    var steps: [[SessionStep]] = [[], []]
    for _ in 0..<count {
      let session = Int(random.next() % 2)
      steps[session].append(.random(session: session + 1, index: steps[session].count, rows: rows, random: &random))
    }
    return TwoSessionScript(steps: steps, turns: (0..<(count * 8)).map { _ in Int(random.next() % 2) })
  }

  /// How many steps both sessions take.
  var count: Int { steps[0].count + steps[1].count }

  /// The script without its `index`-th step, counting session 1's first (for shrinking).
  func removing(_ index: Int) -> TwoSessionScript {
    var copy = self
    if index < steps[0].count {
      copy.steps[0].remove(at: index)
    } else {
      copy.steps[1].remove(at: index - steps[0].count)
    }
    return copy
  }

  /// Each session's steps: `1: rename 2 S1n0, fav 3`.
  var listing: [String] {
    (0..<2).map { "\($0 + 1): " + steps[$0].map(\.description).joined(separator: ", ") }
  }
}
