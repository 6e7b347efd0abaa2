import AtomicCounters
import Dependencies
import Foundation

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
  /// How many changes have been stored, in every shared value of the process (a timeline keeps the counter
  /// itself and reads it inline at each action: the cheapest read there is).
  @usableFromInline package static let changes = AtomicCounter()
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

/// What happened to a shared value, for a trace to show: a change stored, or a save of its file.
public enum SharedEvent: Sendable {
  /// Change `number` was stored in the shared value named `name`, kept in `file` if any (made by this process, or
  /// followed from another).
  case changed(name: String, file: String?, number: UInt64, elsewhere: Bool)
  /// A write of the file at path `file` began; `id` pairs it with its end.
  case saveBegan(file: String, id: UInt64)
  /// The write `id` of the file at path `file` ended; `failure` says why it failed, if it did.
  case saveEnded(file: String, id: UInt64, failure: String?)

  /// The path of the file the event is about, if any.
  public var file: String? {
    switch self {
    case let .changed(_, file, _, _): file
    case let .saveBegan(file, _), let .saveEnded(file, _, _): file
    }
  }
}

/// Who hears of shared events: a timeline writing a trace registers while it lives.
public enum SharedEvents {
  /// How many listeners there are: an event is made only when one listens.
  static let listening = AtomicCounter()
  private static let registry = ListenerRegistry()
  private static let saveIDs = AtomicCounter()

  /// Calls `listener` (on the thread of each event) until the returned token is cancelled.
  public static func listen(_ listener: @escaping @Sendable (SharedEvent) -> Void) -> SharedEventsToken {
    let token = registry.add(listener)
    listening.add(1)
    return SharedEventsToken {
      registry.remove(token); listening.add(-1)
    }
  }

  /// Tells the listeners of `event`, made only if one listens.
  static func send(_ event: @autoclosure () -> SharedEvent) {
    guard listening.load() > 0 else { return }
    let made = event()
    for listener in registry.listeners { listener(made) }
  }

  /// A new id for a save's begin and end.
  static func nextSaveID() -> UInt64 { UInt64(truncatingIfNeeded: saveIDs.add(1)) }
}

/// Stops a `SharedEvents.listen`: at `cancel()` or when released.
public final class SharedEventsToken: @unchecked Sendable {
  private let lock = NSLock()
  private var onCancel: (@Sendable () -> Void)?

  init(_ onCancel: @escaping @Sendable () -> Void) { self.onCancel = onCancel }

  /// Stops the listening (once).
  public func cancel() {
    let action = lock.withLock { () -> (@Sendable () -> Void)? in
      defer { onCancel = nil }
      return onCancel
    }
    action?()
  }

  deinit { cancel() }
}

/// The listeners of shared events, behind a lock.
private final class ListenerRegistry: @unchecked Sendable {
  private let lock = NSLock()
  private var entries: [Int: @Sendable (SharedEvent) -> Void] = [:]
  private var next = 0

  func add(_ listener: @escaping @Sendable (SharedEvent) -> Void) -> Int {
    lock.withLock {
      defer { next += 1 }
      entries[next] = listener
      return next
    }
  }

  func remove(_ token: Int) { lock.withLock { _ = entries.removeValue(forKey: token) } }

  var listeners: [@Sendable (SharedEvent) -> Void] { lock.withLock { Array(entries.values) } }
}
