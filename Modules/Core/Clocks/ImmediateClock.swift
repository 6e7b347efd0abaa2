import Foundation

/// A clock on which every sleep returns at once (after moving `now`), for previews and tests that skip waits.
public final class ImmediateClock: Clock, @unchecked Sendable {
  private let lock = NSLock()
  private var current: ClockInstant

  /// A clock at `now` (the origin by default).
  public init(now: ClockInstant = ClockInstant()) {
    current = now
  }

  /// The clock's current time: the sum of all sleeps so far.
  public var now: ClockInstant { lock.withLock { current } }

  /// The smallest step: none.
  public var minimumResolution: Duration { .zero }

  /// Returns immediately, having moved `now` to `deadline`; throws if the task is cancelled.
  public func sleep(until deadline: ClockInstant, tolerance: Duration? = nil) async throws {
    try Task.checkCancellation()
    lock.withLock { current = max(current, deadline) }
    await Task.yield()
  }
}
