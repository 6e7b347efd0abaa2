import AtomicCounters
import Dependencies
import Foundation
import Observation

/// Finds which shared values a piece of code read, so its caller can follow exactly those: the live terminal
/// draws a screen again when a shared value it showed changes, even when another process wrote it.
///
/// The state holding a `@Shared` value holds its reference, and two states holding one reference compare equal,
/// so a change of the value cannot be seen by comparing states; following the references read can see it.
public enum SharedReadRecording {
  /// How many recordings run now, on any task: a read checks this one counter before anything else.
  private static let recordingsRunning = AtomicCounter()
  @TaskLocal private static var current: SharedReadSet?

  /// Runs `body`, returning what it returned and the shared values it read on this task, each once.
  public static func recording<Result>(_ body: () throws -> Result) rethrows -> (
    Result, [any FollowableSharedValue]
  ) {
    let reads = SharedReadSet()
    recordingsRunning.add(1)
    defer { recordingsRunning.add(-1) }
    let result = try $current.withValue(reads) { try body() }
    return (result, reads.values)
  }

  /// The list a `recordingOnThisThread` fills, on this thread (a pointer to the caller's local array).
  private static let threadRecording = ThreadLocalSlot<UnsafeMutableRawPointer?>(nil, name: "shared read recording")

  /// Runs `body` and returns the shared values it read on this thread, each once: what `recording` does for a
  /// synchronous body, without a task-local value, an allocation or generic code, for callers that run often
  /// (`observe { }` runs at every change it follows).
  public static func recordingOnThisThread(_ body: () -> Void) -> [any FollowableSharedValue] {
    var values: [any FollowableSharedValue] = []
    let cell = threadRecording.cell
    let outer = cell.pointee
    recordingsRunning.add(1)
    withUnsafeMutablePointer(to: &values) { pointer in
      cell.pointee = UnsafeMutableRawPointer(pointer)
      body()
    }
    cell.pointee = outer
    recordingsRunning.add(-1)
    return values
  }

  /// Notes that `reference` was read, when a recording runs on this task or this thread.
  static func record(_ reference: some FollowableSharedValue) {
    guard recordingsRunning.load() > 0 else { return }
    if let raw = threadRecording.existingCell?.pointee {
      let values = raw.assumingMemoryBound(to: [any FollowableSharedValue].self)
      if !values.pointee.contains(where: { $0 === reference }) { values.pointee.append(reference) }
    }
    current?.insert(reference)
  }
}

/// A shared value whose next change can be followed (a `SharedReference`).
public protocol FollowableSharedValue: AnyObject, Sendable {
  /// Calls `onChange` once, at the next change of the value (before it is stored), from the changing thread.
  func onNextChange(_ onChange: @escaping @Sendable () -> Void)
  /// Calls `onChange` once, after the next change of the value is stored, from the changing thread.
  func afterNextChange(_ onChange: @escaping @Sendable () -> Void)
  /// The number `SharedHistory` gave the value's last change (0: never changed).
  var lastChange: UInt64 { get }
}

/// The references one recording read, in the order first read.
private final class SharedReadSet: @unchecked Sendable {
  // Written only by the task that recorded it, synchronously; the lock is for the type checker's sake and for
  // a body that reads from several threads at once.
  private let lock = NSLock()
  private var seen: Set<ObjectIdentifier> = []
  private var read: [any FollowableSharedValue] = []

  var values: [any FollowableSharedValue] { lock.withLock { read } }

  func insert(_ reference: some FollowableSharedValue) {
    lock.withLock {
      if seen.insert(ObjectIdentifier(reference)).inserted { read.append(reference) }
    }
  }
}
