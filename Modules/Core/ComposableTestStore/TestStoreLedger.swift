import Foundation
import IssueReporting

/// What a test store still expects the test to assert, readable from any thread.
///
/// The test store's `deinit` is not on the main actor (it runs where the test
/// releases the store, inside the test's task, so the failures it records reach the
/// right test); it reads this ledger, which the main-actor side keeps current.
@usableFromInline final class TestStoreLedger: @unchecked Sendable {
  /// An effect task that has started and not finished.
  @usableFromInline struct RunningEffect {
    @usableFromInline var startedBy: ActionDescription
    /// The `send` that started it, or whose effects' actions did: where a failure about it points.
    @usableFromInline var startedAt: SourceLocation?
    /// Nil while the effect runs its synchronous start.
    var task: Task<Void, Never>?
  }

  private let lock = NSLock()
  // The lock guards these, so dynamic exclusivity checks on them would only cost time.
  @exclusivity(unchecked) private var effects: [UInt64: RunningEffect] = [:]
  @exclusivity(unchecked) private var unassertedActions: [ActionDescription] = []

  @usableFromInline func effectStarted(id: UInt64, by action: ActionDescription, at location: SourceLocation?) {
    lock.withLock {
      effects[id] = RunningEffect(startedBy: action, startedAt: location, task: nil)
    }
  }

  /// Records the task of an effect that is still running.
  @usableFromInline func effectAttached(id: UInt64, task: Task<Void, Never>) {
    lock.withLock { effects[id]?.task = task }
  }

  @usableFromInline func effectFinished(id: UInt64) {
    lock.withLock { effects[id] = nil }
  }

  /// How many effects have started and not returned.
  @usableFromInline var runningCount: Int { lock.withLock { effects.count } }

  /// Whether the effect with ledger id `id` has not returned yet.
  @usableFromInline func isRunning(_ id: UInt64) -> Bool { lock.withLock { effects[id] != nil } }

  /// Running effects that were not cancelled, oldest first (a cancelled task is on its way out).
  @usableFromInline var inFlight: [RunningEffect] {
    lock.withLock { runningInStartOrder.filter { $0.task?.isCancelled != true } }
  }

  /// Cancels and forgets every running effect; returns what they were started by.
  func cancelAll() -> [ActionDescription] {
    let cancelled = lock.withLock {
      let running = runningInStartOrder
      effects = [:]
      return running
    }
    for effect in cancelled { effect.task?.cancel() }
    return cancelled.map(\.startedBy)
  }

  /// Forgets every running effect without cancelling it; returns what they were started by.
  func forgetAll() -> [ActionDescription] {
    lock.withLock {
      let running = runningInStartOrder.filter { $0.task?.isCancelled != true }
      effects = [:]
      return running.map(\.startedBy)
    }
  }

  /// Descriptions of received actions the test has not asserted yet, in order.
  var unasserted: [ActionDescription] {
    get { lock.withLock { unassertedActions } }
    set { lock.withLock { unassertedActions = newValue } }
  }

  /// Records one more received action.
  @usableFromInline func appendUnasserted(_ action: ActionDescription) {
    lock.withLock { unassertedActions.append(action) }
  }

  /// Forgets the oldest `count` received actions (the test asserted or skipped them).
  @usableFromInline func removeFirstUnasserted(_ count: Int) {
    lock.withLock { unassertedActions.removeFirst(min(count, unassertedActions.count)) }
  }

  /// Running effects, oldest first (ids increase with every start); call with the lock held.
  private var runningInStartOrder: [RunningEffect] {
    effects.keys.sorted().compactMap { effects[$0] }
  }
}
