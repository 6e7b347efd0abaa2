import Foundation

/// The running effect tasks of one store, filed by cancellation key.
///
/// Used from the store's main actor; locked anyway because a store's `deinit`
/// (which cancels everything) may run elsewhere.
final class EffectRegistry: @unchecked Sendable {
  private let lock = NSLock()
  private var tasks: [UInt64: Task<Void, Never>] = [:]
  private var keysByTask: [UInt64: [CancelKey]] = [:]
  private var tasksByKey: [CancelKey: Set<UInt64>] = [:]
  private var nextID: UInt64 = 0

  /// A fresh id for a task about to start.
  func makeID() -> UInt64 {
    lock.withLock {
      nextID += 1
      return nextID
    }
  }

  /// Files `task` under `keys` (and for store-wide cancellation).
  func insert(_ task: Task<Void, Never>, id: UInt64, keys: [CancelKey]) {
    lock.withLock {
      tasks[id] = task
      guard !keys.isEmpty else { return }
      keysByTask[id] = keys
      for key in keys { tasksByKey[key, default: []].insert(id) }
    }
  }

  /// Forgets a finished task.
  func remove(id: UInt64) {
    lock.withLock {
      tasks[id] = nil
      guard let keys = keysByTask.removeValue(forKey: id) else { return }
      for key in keys {
        tasksByKey[key]?.remove(id)
        if tasksByKey[key]?.isEmpty == true { tasksByKey[key] = nil }
      }
    }
  }

  /// Cancels every task filed under `key`.
  func cancel(_ key: CancelKey) {
    let cancelled: [Task<Void, Never>] = lock.withLock {
      guard let ids = tasksByKey[key] else { return [] }
      return ids.compactMap { tasks[$0] }
    }
    for task in cancelled { task.cancel() }
  }

  /// Whether any task is filed under `key`.
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
    let all = lock.withLock { Array(tasks.values) }
    for task in all { task.cancel() }
  }

  /// How many effect tasks are running.
  var count: Int { lock.withLock { tasks.count } }
}
