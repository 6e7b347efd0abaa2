import Foundation
import IssueReporting

/// A clock that fails the running test when something sleeps on it, then behaves like `ImmediateClock`.
///
/// It is the test value of clock dependencies, so a feature that waits on a clock
/// the test did not control is caught by name instead of waiting for real.
public final class UnimplementedClock: Clock, @unchecked Sendable {
  private let name: String
  private let base = ImmediateClock()
  private let lock = NSLock()
  /// Set when `now` was read and reported: `sleep(for:)` reads `now` and then sleeps, one use reported once.
  private var nowWasReported = false

  /// A clock that reports itself as `name` when used.
  public init(name: String = "clock") {
    self.name = name
  }

  /// Reports the unimplemented use, then gives the time of the immediate clock underneath.
  public var now: ClockInstant {
    lock.withLock { nowWasReported = true }
    reportIssue(
      "Unimplemented: the clock '\(name)' was used (its 'now' was read, to sleep or to time something). Set it in "
        + "this test, e.g. 'dependencies.\(name) = TestClock()' or 'ImmediateClock()'.")
    return base.now
  }

  /// The smallest step: none.
  public var minimumResolution: Duration { .zero }

  /// Reports the unimplemented use (unless reading `now` for it just did), then returns at once.
  public func sleep(until deadline: ClockInstant, tolerance: Duration? = nil) async throws {
    let alreadyReported = lock.withLock {
      defer { nowWasReported = false }
      return nowWasReported
    }
    if !alreadyReported {
      reportIssue(
        "Unimplemented: the clock '\(name)' was used to sleep. Set it in this test, e.g. "
          + "'dependencies.\(name) = TestClock()' or 'ImmediateClock()'.")
    }
    try await base.sleep(until: deadline, tolerance: tolerance)
  }
}
