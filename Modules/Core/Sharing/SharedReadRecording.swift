import Foundation
import Observation
import AtomicCounters

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

  /// Notes that `reference` was read, when a recording runs on this task.
  static func record(_ reference: some FollowableSharedValue) {
    guard recordingsRunning.load() > 0, let reads = current else { return }
    reads.insert(reference)
  }
}

/// A shared value whose next change can be followed (a `SharedReference`).
public protocol FollowableSharedValue: AnyObject, Sendable {
  /// Calls `onChange` once, at the next change of the value (before it is stored), from the changing thread.
  func onNextChange(_ onChange: @escaping @Sendable () -> Void)
  /// Calls `onChange` once, after the next change of the value is stored, from the changing thread.
  func afterNextChange(_ onChange: @escaping @Sendable () -> Void)
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
