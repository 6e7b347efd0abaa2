import Composable

/// Hands what a timeline's storage traces to a `TimelineTrace`: origins unpacked, times in microseconds since the
/// timeline began.
final class TraceForwarder: TimelineTracing {
  private let trace: any TimelineTrace
  /// When the timeline began, in nanoseconds of the monotonic clock.
  private let epoch: UInt64

  init(trace: any TimelineTrace, epoch: UInt64) {
    self.trace = trace
    self.epoch = epoch
  }

  /// `time` (nanoseconds of the monotonic clock) in microseconds since `epoch`; 0 for a time before it.
  static func microseconds(_ time: UInt64, since epoch: UInt64) -> Int64 {
    time >= epoch ? Int64((time - epoch) / 1_000) : 0
  }

  private func microseconds(_ time: UInt64) -> Int64 { Self.microseconds(time, since: epoch) }

  func action(sequence: Int, path: String, origin: PackedOrigin, start: UInt64, end: UInt64) {
    trace.action(
      sequence: sequence, path: path, origin: TimelineOrigin(origin), start: microseconds(start),
      duration: microseconds(end) - microseconds(start))
  }

  func effectBegan(id: UInt64, startedBy: Int, path: String, at time: UInt64) {
    trace.effectBegan(id: id, startedBy: startedBy, path: path, at: microseconds(time))
  }

  func effectEnded(id: UInt64, startedBy: Int, path: String, outcome: EffectOutcome, at time: UInt64) {
    trace.effectEnded(id: id, startedBy: startedBy, path: path, outcome: outcome, at: microseconds(time))
  }
}
