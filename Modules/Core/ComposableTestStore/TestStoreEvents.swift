import Dispatch

/// Wakes the test store's waits when something they wait for may have changed.
///
/// A received action or a finished effect signals; `receive` and `finish`
/// suspend until the next signal instead of polling. Polling with `Task.yield()`
/// costs two thread hops per turn on Linux (it leaves the main actor and comes
/// back), many times what a send/receive pair through a `.run` effect needs.
///
/// Deadlines share one timer: arming a Dispatch timer for every wait (an
/// allocation, a timer registration and a cancellation) cost about a third of
/// such a pair, while a wait that times out is the rare, failing case. The timer
/// is armed for the earliest deadline; when it fires it resumes the waits whose
/// deadline passed and arms itself again for the earliest one left.
@MainActor @usableFromInline final class TestStoreEvents {
  private struct Waiter {
    let continuation: CheckedContinuation<Void, Never>
    let deadline: ContinuousClock.Instant
  }

  // Main-actor state touched only by the methods below, one at a time: no dynamic exclusivity checks.
  @exclusivity(unchecked) private var waiters: [UInt64: Waiter] = [:]
  @exclusivity(unchecked) private var nextID: UInt64 = 0
  /// The deadline the pending timer was armed for, if one is pending.
  @exclusivity(unchecked) private var armedDeadline: ContinuousClock.Instant?

  /// Resumes everyone waiting.
  @usableFromInline func signal() {
    guard !waiters.isEmpty else { return }
    let resumed = waiters
    waiters = [:]
    for waiter in resumed.values { waiter.continuation.resume() }
  }

  /// Suspends until the next `signal()` or until `deadline`, whichever comes first.
  func next(before deadline: ContinuousClock.Instant) async {
    nextID += 1
    let id = nextID
    await withCheckedContinuation { continuation in
      waiters[id] = Waiter(continuation: continuation, deadline: deadline)
      armTimer(for: deadline)
    }
  }

  /// Makes sure a timer fires no later than `deadline`.
  private func armTimer(for deadline: ContinuousClock.Instant) {
    if let armedDeadline, armedDeadline <= deadline { return }
    armedDeadline = deadline
    let delay = ContinuousClock.now.duration(to: deadline)
    DispatchQueue.main.asyncAfter(deadline: .now() + delay.timeInterval) { [weak self] in
      MainActor.assumeIsolated { self?.timerFired() }
    }
  }

  /// Resumes the waits whose deadline passed, and arms the timer for the earliest one left.
  private func timerFired() {
    armedDeadline = nil
    let now = ContinuousClock.now
    let expired = waiters.filter { $0.value.deadline <= now }
    for id in expired.keys { waiters[id] = nil }
    for waiter in expired.values { waiter.continuation.resume() }
    if let earliest = waiters.values.map(\.deadline).min() { armTimer(for: earliest) }
  }

  /// Waits until `condition` holds or `timeout` passes; returns whether it holds.
  @usableFromInline func wait(timeout: Duration, until condition: () -> Bool) async -> Bool {
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
