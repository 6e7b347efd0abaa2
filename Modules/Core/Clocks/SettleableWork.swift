/// Work that can tell when it has come to rest: every task of it finished, or suspended on something that is not
/// ready (a clock's sleep, a stream with nothing in it, a request not answered).
///
/// A test store's effects are such work: it counts their steps, so a `TestClock` woken inside one of them waits
/// for exactly that work instead of a quiet stretch of wall time.
public protocol SettleableWork: AnyObject, Sendable {
  /// Returns once every task of the work has come to rest.
  @MainActor func settle() async
  /// Runs `body`, which resumes a task of the work (a clock waking a sleeper), so that the step it makes ready
  /// counts as the work's.
  func resuming(_ body: () -> Void)
}
