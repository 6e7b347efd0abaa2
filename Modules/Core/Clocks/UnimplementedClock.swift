import IssueReporting

/// A clock that fails the running test when something sleeps on it, then behaves like `ImmediateClock`.
///
/// It is the test value of clock dependencies, so a feature that waits on a clock
/// the test did not control is caught by name instead of waiting for real.
public final class UnimplementedClock: Clock, @unchecked Sendable {
  private let name: String
  private let base = ImmediateClock()

  /// A clock that reports itself as `name` when used.
  public init(name: String = "clock") {
    self.name = name
  }

  /// The current time of the immediate clock underneath.
  public var now: ClockInstant { base.now }

  /// The smallest step: none.
  public var minimumResolution: Duration { .zero }

  /// Reports the unimplemented use, then returns at once.
  public func sleep(until deadline: ClockInstant, tolerance: Duration? = nil) async throws {
    reportIssue(
      "Unimplemented: the clock '\(name)' was used to sleep. Set it in this test, e.g. 'dependencies.\(name) = TestClock()' or 'ImmediateClock()'."
    )
    try await base.sleep(until: deadline, tolerance: tolerance)
  }
}
