import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The system's monotonic clock, read directly (one vDSO call, cheaper than `ContinuousClock.now` and `Date()`):
/// what the send loop reads before a reduce for a hook that times reduces, and what tools stamp their records with.
@usableFromInline package enum MonotonicClock {
  /// The system's monotonic clock now, in nanoseconds.
  @usableFromInline package static func now() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return UInt64(time.tv_sec).multipliedReportingOverflow(by: 1_000_000_000).partialValue &+ UInt64(time.tv_nsec)
  }

  /// The monotonic reading and the wall clock at the same moment, to turn one into the other.
  private static let anchor = (monotonic: now(), date: Date())

  /// The wall-clock date of monotonic reading `time`.
  package static func date(of time: UInt64) -> Date {
    anchor.date.addingTimeInterval((Double(time) - Double(anchor.monotonic)) / 1e9)
  }
}
