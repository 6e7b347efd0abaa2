import AtomicCounters
import Dependencies

/// The past of shared values, for a debugger that shows a past state: every stored change is numbered, and while
/// a timeline keeps history each reference keeps the values it held before its recent changes.
///
/// A state holds its `@Shared` values by reference, so the state kept for an
/// action long past would show today's sort order and favorites. Instead, the
/// timeline notes the change number (`SharedHistory.now`) with each action, and
/// reading a state inside `reading(asOf:)` gives each shared value as it was at
/// that number. With no timeline keeping history, a change costs one atomic add
/// and a read one atomic load.
public enum SharedHistory {
  /// How many changes have been stored, in every shared value of the process.
  static let changes = AtomicCounter()
  /// How many timelines keep history now: a change keeps the value it replaced only while one does.
  static let keepers = AtomicCounter()
  /// How many `reading(asOf:)` run now, on any thread: a read checks this counter before anything else.
  private static let pastReadsRunning = AtomicCounter()
  /// The change number this thread reads as of, inside `reading(asOf:)` (`UInt64.max`: now).
  private static let readingAsOf = ThreadLocalSlot<UInt64>(.max, name: "shared history reading")
  /// How many past values each reference keeps.
  static let kept = 1_000

  /// The number of the last change stored: a state noted with it reads, later, as it was then.
  public static var now: UInt64 { UInt64(truncatingIfNeeded: changes.load()) }

  /// Keeps the values changes replace until `stopKeeping()`: a timeline calls it when it starts.
  public static func startKeeping() { keepers.add(1) }

  /// Stops what `startKeeping()` started.
  public static func stopKeeping() { keepers.add(-1) }

  /// Runs `body` with every shared value it reads (on this thread) as it was after change `number`.
  public static func reading<Result>(asOf number: UInt64, _ body: () throws -> Result) rethrows -> Result {
    let cell = readingAsOf.cell
    let outer = cell.pointee
    cell.pointee = number
    pastReadsRunning.add(1)
    defer {
      pastReadsRunning.add(-1)
      cell.pointee = outer
    }
    return try body()
  }

  /// The change number this thread reads as of, or nil when it reads the present.
  static var pastBeingRead: UInt64? {
    guard pastReadsRunning.load() > 0, let number = readingAsOf.existingCell?.pointee, number != .max else {
      return nil
    }
    return number
  }

  /// Numbers a change just stored.
  static func numberChange() -> UInt64 { UInt64(truncatingIfNeeded: changes.add(1)) }
}

/// The values a reference held before its last changes, oldest first: `(number, value)` means the value was
/// `value` until change `number` replaced it.
struct SharedPast<Value> {
  private(set) var entries: [(number: UInt64, replaced: Value)] = []

  /// Notes that change `number` replaced `value`, keeping the last `SharedHistory.kept`.
  mutating func note(_ number: UInt64, replaced value: Value) {
    if entries.count >= SharedHistory.kept { entries.removeFirst(entries.count / 2) }
    entries.append((number, value))
  }

  /// The value after change `number`, given the value now: the value the first later change replaced.
  func value(asOf number: UInt64, now: Value) -> Value {
    entries.first { $0.number > number }?.replaced ?? now
  }
}
