import Foundation

/// A running effect's task and what it started by sending actions from it: the work of those actions,
/// so that cancelling or awaiting the `send` that started the effect reaches them too.
///
/// Those tasks are not child tasks of the effect's task (each action's effects start their
/// own), so without this a cancelled `send` would leave the work it caused running.
/// A lineage with no task of its own also groups the effects of one `send` that started several.
@usableFromInline class EffectLineage: @unchecked Sendable {
  /// The store's lineage lock, which all its lineages share: a lock each cost a tenth of an effect.
  private let lock: NSLock
  // The lock guards these; `cancel` may come from any thread.
  @exclusivity(unchecked) private var descendants: [StoreTask] = []
  @exclusivity(unchecked) private var cancelled = false
  /// How many tasks were ever adopted, which waiting compares with what it has awaited.
  @exclusivity(unchecked) private var adoptedCount = 0
  /// The count at which `adopt` next drops finished descendants, so a long-lived effect does not grow.
  @exclusivity(unchecked) @MainActor private var compactionThreshold = 64
  /// The effect's task; nil for a group. Set once, as the task starts and before anyone else can see
  /// this lineage (`StoreTask`s are made after), so reading it needs no lock.
  @exclusivity(unchecked) @usableFromInline final var task: Task<Void, Never>?
  /// The effect's id in its store's registry, set as it is filed (before its task starts).
  @exclusivity(unchecked) final var registryID: UInt64 = 0
  /// Whether the effect's own task has returned (always true for a group).
  @exclusivity(unchecked) @MainActor @usableFromInline final var hasEnded = false

  /// A lineage for an effect about to start, guarded by its store's `lock`.
  @usableFromInline init(lock: NSLock) {
    self.lock = lock
  }

  /// A lineage that only groups `members`, the effects one `send` started.
  @MainActor init(grouping members: [StoreTask], lock: NSLock) {
    self.lock = lock
    descendants = members
    adoptedCount = members.count
    hasEnded = true
  }

  /// Keeps `task`, started by an action this effect sent, or cancels it at once if this lineage was cancelled.
  @MainActor @usableFromInline final func adopt(_ task: StoreTask) {
    let wasCancelled = lock.withLock {
      guard !cancelled else { return true }
      descendants.append(task)
      adoptedCount += 1
      return false
    }
    if wasCancelled { return task.cancel() }
    if descendants.count >= compactionThreshold { dropFinishedDescendants() }
  }

  /// Cancels the effect's task and every descendant, and any adopted later.
  final func cancel() {
    task?.cancel()
    let all = lock.withLock {
      cancelled = true
      return descendants
    }
    for task in all { task.cancel() }
  }

  /// Whether the effect's task, or this lineage, was cancelled.
  final var isCancelled: Bool { task?.isCancelled ?? lock.withLock { cancelled } }

  /// Waits for the effect's task, then for every descendant, including those adopted while waiting.
  nonisolated(nonsending) final func wait() async {
    if let task { await task.value }
    var awaitedCount = 0
    while true {
      let (pending, total) = lock.withLock { (descendants, adoptedCount) }
      // Compaction may have dropped finished ones, so the total, not the array, says what is new.
      if total == awaitedCount { return }
      for task in pending { await task.wait() }
      awaitedCount = total
    }
  }

  /// Whether this effect and everything it started have ended (known only for effects with a lineage).
  @MainActor final var isFinished: Bool {
    hasEnded && lock.withLock { descendants }.allSatisfy { $0.isKnownFinished }
  }

  @MainActor private func dropFinishedDescendants() {
    // Only `adopt` appends, on the main actor, so nothing is added between the two locked steps.
    let kept = lock.withLock { descendants }.filter { !$0.isKnownFinished }
    lock.withLock { descendants = kept }
    compactionThreshold = max(64, kept.count * 2)
  }
}
