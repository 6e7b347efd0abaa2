/// What is alive under a root store, counted: what a test asserts is back to its baseline once a screen is gone
/// (nothing outlives its screen), and what a debugger shows as `:alive`.
///
/// Counted: the child stores something still holds (by their state's type) and the scope-cache entries whose
/// store is gone; the followers of fields (one hub per scope a view read through) and the observers on them; the
/// watches of observed lists and their row followers; the followers told after every send; the key paths
/// Observation knows fields by; the running effects. What a view keeps itself (an `observe { }` token, a store it
/// holds) is counted once it reaches the store, through the hubs and stores above.
public struct AliveCounts: Equatable, Sendable, CustomStringConvertible {
  /// Child stores something still holds, by their state's type (`"Tile.State": 2`).
  public var stores: [String: Int] = [:]
  /// Scope-cache entries whose store is gone: dropped at the cache's next prune, at most as many as stores seen.
  public var staleCacheEntries = 0
  /// Followers of a scope's fields, one per scope a view read through under Observation or `observe { }`.
  public var fieldHubs = 0
  /// `observe { }` runs following fields through those hubs.
  public var fieldObservers = 0
  /// Watches of lists whose rows are observed.
  public var rowWatches = 0
  /// Row followers those watches tell.
  public var rowFollowers = 0
  /// Followers told after every send of the root: hubs and watches following it, `Store.observe` callbacks.
  public var sendFollowers = 0
  /// Key paths that Observation knows a field by, one per scope and field read.
  public var observationKeys = 0
  /// Effects running, in the root and every child.
  public var runningEffects = 0
  /// The running effects by the action that started them (`list.task: 1`), where a timeline records who did
  /// (`Store.alive(startersFrom:)`, the debugger's `:alive`); empty otherwise.
  public var effectStarters: [String: Int] = [:]
  /// The platform's file watches running in the whole process (a shared file's, the users database's): what
  /// screens that follow files keep alive outside any store. Counted by a debugger (`Store.alive(startersFrom:)`),
  /// not by `alive`, whose counts are the store's own: a test comparing them is not disturbed by other tests.
  public var fileWatches = 0

  /// Nothing alive.
  public init() {}

  /// The number of child stores of every type.
  public var storeCount: Int { stores.values.reduce(0, +) }

  /// One line per kind, the stores by type: what `:alive` prints.
  public var description: String {
    var lines = ["stores: \(storeCount)"]
    for (type, count) in stores.sorted(by: { $0.key < $1.key }) { lines.append("  \(type): \(count)") }
    lines += [
      "stale cache entries: \(staleCacheEntries)", "field hubs: \(fieldHubs)", "field observers: \(fieldObservers)",
      "row watches: \(rowWatches)", "row followers: \(rowFollowers)", "send followers: \(sendFollowers)",
      "observation keys: \(observationKeys)", "running effects: \(runningEffects)",
    ]
    for (starter, count) in effectStarters.sorted(by: { $0.key < $1.key }) {
      lines.append("  started by \(starter): \(count)")
    }
    lines.append("file watches (the whole process): \(fileWatches)")
    return lines.joined(separator: "\n")
  }
}

/// A child store that can be told, without knowing its types, how to leave its parent's cache.
@MainActor protocol CacheLeaving: AnyObject {
  /// Sets what its release runs to remove its entry from the parent's cache.
  func setLeaveParentCache(_ leave: @escaping @MainActor @Sendable () -> Void)
}

extension Store: CacheLeaving {
  func setLeaveParentCache(_ leave: @escaping @MainActor @Sendable () -> Void) {
    leaveParentCache = leave
  }
}

/// A store whose cached children can be counted without knowing its types.
@MainActor protocol AliveCounting: AnyObject {
  /// Adds this store's cached children, and theirs, to `counts`.
  func countCachedChildren(into counts: inout AliveCounts)
  /// The name its state's type is counted by.
  var stateTypeName: String { get }
}

extension Store: AliveCounting {
  /// What is alive under this store's root (see `AliveCounts`); the stores are those under this store.
  public var alive: AliveCounts {
    var counts = AliveCounts()
    countCachedChildren(into: &counts)
    observationRoot.countAlive(into: &counts)
    return counts
  }

  func countCachedChildren(into counts: inout AliveCounts) {
    for entry in childCache.values {
      guard let child = entry.store as? any AliveCounting else {
        counts.staleCacheEntries += 1
        continue
      }
      counts.stores[child.stateTypeName, default: 0] += 1
      child.countCachedChildren(into: &counts)
    }
  }

  var stateTypeName: String {
    // Without the module: `Tile.State`, as a reader writes it.
    let qualified = String(reflecting: State.self)
    guard let dot = qualified.firstIndex(of: ".") else { return qualified }
    return String(qualified[qualified.index(after: dot)...])
  }
}
