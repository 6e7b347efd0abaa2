import Foundation

/// The running effect tasks of one store, filed by cancellation key.
///
/// Used from the store's main actor; locked anyway because a store's `deinit`
/// (which cancels everything) may run elsewhere.
@usableFromInline final class EffectRegistry: @unchecked Sendable {
  private let lock = NSLock()
  /// Guards the lineages of this store's effects (see `EffectLineage`); they never hold it while taking another.
  @usableFromInline let lineageLock = NSLock()
  /// Running effects by id; the task is nil while the effect runs its synchronous start.
  // The lock guards these, so dynamic exclusivity checks on them would only cost time.
  @exclusivity(unchecked) private var tasks: [UInt64: Task<Void, Never>?] = [:]
  @exclusivity(unchecked) private var keysByTask: [UInt64: [CancelKey]] = [:]
  @exclusivity(unchecked) private var tasksByKey: [CancelKey: Set<UInt64>] = [:]
  /// Effects cancelled during their synchronous start, before their task was known.
  @exclusivity(unchecked) private var cancelledBeforeAttach: Set<UInt64> = []
  @exclusivity(unchecked) private var nextID: UInt64 = 0

  /// Files a new effect under `keys` before its task starts, and returns its id.
  ///
  /// Effects start running synchronously (`Task.immediate`), so one can finish,
  /// or be cancelled, before the code that created its task gets the task back.
  func reserve(keys: [CancelKey]) -> UInt64 {
    lock.withLock {
      nextID += 1
      let id = nextID
      tasks[id] = .some(nil)
      if !keys.isEmpty {
        keysByTask[id] = keys
        for key in keys { tasksByKey[key, default: []].insert(id) }
      }
      return id
    }
  }

  /// Records the task of effect `id` if it is still running; cancels it if it was cancelled meanwhile.
  func attach(_ task: Task<Void, Never>, id: UInt64) {
    let cancel: Bool = lock.withLock {
      guard tasks[id] != nil else { return false }
      tasks[id] = task
      return cancelledBeforeAttach.remove(id) != nil
    }
    if cancel { task.cancel() }
  }

  /// Whether effect `id` was cancelled (and is on its way out).
  func isCancelled(_ id: UInt64) -> Bool {
    lock.withLock { tasks[id].flatMap { $0 }?.isCancelled ?? false }
  }

  /// The keys effect `id` is filed under (none once it has ended).
  func keys(of id: UInt64) -> [CancelKey] {
    lock.withLock { keysByTask[id] ?? [] }
  }

  /// Forgets a finished effect.
  func remove(id: UInt64) {
    lock.withLock {
      tasks[id] = nil
      cancelledBeforeAttach.remove(id)
      guard let keys = keysByTask.removeValue(forKey: id) else { return }
      for key in keys {
        tasksByKey[key]?.remove(id)
        if tasksByKey[key]?.isEmpty == true { tasksByKey[key] = nil }
      }
    }
  }

  /// Cancels every task filed under `key`.
  @usableFromInline func cancel(_ key: CancelKey) {
    let cancelled: [Task<Void, Never>] = lock.withLock {
      // The cancelled leave the key now, not when they end: a key cancelled at every action (`cancelInFlight`
      // while the user types) would otherwise walk, at each cancel, every effect it cancelled that has not run
      // since, and sends would cost more the faster they come.
      guard let ids = tasksByKey.removeValue(forKey: key) else { return [] }
      return ids.compactMap { id in
        guard let task = tasks[id] else { return nil }
        if task == nil { cancelledBeforeAttach.insert(id) }
        return task
      }
    }
    for task in cancelled { task.cancel() }
  }

  /// Whether any task not cancelled yet is filed under `key`.
  func isRunning(_ key: CancelKey) -> Bool {
    lock.withLock { tasksByKey[key]?.isEmpty == false }
  }

  /// The keys at `path` whose id is a navigation id of `kind`.
  func childKeys(kind: AnyHashableSendable, path: NavigationIDPath) -> [(CancelKey, NavigationID)] {
    lock.withLock {
      tasksByKey.keys.compactMap { key in
        guard key.path == path, let id = key.id.base as? NavigationID, id.hasKind(kind.base) else { return nil }
        return (key, id)
      }
    }
  }

  /// Cancels everything (the store is going away).
  func cancelAll() {
    let all = lock.withLock {
      cancelledBeforeAttach.formUnion(tasks.keys)
      return tasks.values.compactMap { $0 }
    }
    for task in all { task.cancel() }
  }

  /// How many effect tasks are running.
  var count: Int { lock.withLock { tasks.count } }
}
