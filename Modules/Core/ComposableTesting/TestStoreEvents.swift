import Dispatch

/// Wakes the test store's waits when something they wait for may have changed.
///
/// A received action or a finished effect signals; `receive` and `finish`
/// suspend until the next signal instead of polling. Polling with `Task.yield()`
/// costs two thread hops per turn on Linux (it leaves the main actor and comes
/// back), which made a send/receive pair through a `.run` effect cost 24 µs.
@MainActor final class TestStoreEvents {
  private var waiters: [UInt64: CheckedContinuation<Void, Never>] = [:]
  private var nextID: UInt64 = 0

  /// Resumes everyone waiting.
  func signal() {
    guard !waiters.isEmpty else { return }
    let resumed = waiters
    waiters = [:]
    for continuation in resumed.values { continuation.resume() }
  }

  /// Suspends until the next `signal()` or until `deadline`, whichever comes first.
  func next(before deadline: ContinuousClock.Instant) async {
    nextID += 1
    let id = nextID
    let remaining = ContinuousClock.now.duration(to: deadline)
    let timer = DispatchWorkItem { [weak self] in
      MainActor.assumeIsolated { self?.waiters.removeValue(forKey: id)?.resume() }
    }
    await withCheckedContinuation { continuation in
      waiters[id] = continuation
      DispatchQueue.main.asyncAfter(deadline: .now() + remaining.timeInterval, execute: timer)
    }
    timer.cancel()
  }

  /// Waits until `condition` holds or `timeout` passes; returns whether it holds.
  func wait(timeout: Duration, until condition: () -> Bool) async -> Bool {
    let deadline = ContinuousClock.now + timeout
    while !condition() {
      if ContinuousClock.now >= deadline { return false }
      await next(before: deadline)
    }
    return true
  }
}

extension Duration {
  /// Seconds as Dispatch's `DispatchTimeInterval` wants them.
  var timeInterval: DispatchTimeInterval {
    let (seconds, attoseconds) = components
    return .nanoseconds(Int(max(0, seconds)) * 1_000_000_000 + Int(max(0, attoseconds) / 1_000_000_000))
  }
}
