/// What a field hub follows to hear of sends: the root store, or the watch of the list its row is in.
@MainActor @usableFromInline protocol SendSource: AnyObject {
  /// Calls `onChange` after each send that may concern the follower; returns the id to stop with.
  func subscribe(_ onChange: @escaping () -> Void) -> UInt64
  /// Stops calling follower `id`.
  func unsubscribe(_ id: UInt64)
}

/// Follows a list (an `IdentifiedArray`, a `StackState`) for the hubs of its rows: at each send it reads the list's
/// ids and its log of element writes (`ElementWrites`) and tells only the followers of the row written, so a send
/// that changed one row of 100,000 costs what it costs at 10. It keeps the ids and a version, never the rows: a
/// list held here would be copied by the next write to it. When the log cannot say (ids changed, several rows
/// written, the list replaced), every row's followers are told, and each hub compares its own row's fields.
@MainActor @usableFromInline final class RowWatch<ID: Hashable>: RowFollowing {
  private weak var root: (any StoreObservationRoot)?
  /// Where the list is from the root's state: what the root keeps this watch by while a row follows it.
  private let path: AnyKeyPath
  /// Reads the list: its ids and its write log, or nil once it is gone.
  private let readList: @MainActor () -> (ids: [ID], writes: ElementWrites)?
  /// The ids and the write version read at the last send (nil: not read yet, or the list was gone).
  private var lastRead: (ids: [ID], version: UInt64)?
  private var followers: [ID: [UInt64: () -> Void]] = [:]
  private(set) var followerCount = 0
  private var nextID: UInt64 = 0
  private var rootSubscription: UInt64?

  /// The watch of the list `read` returns, whose ids and write log `ids` and `writes` read.
  init<Rows>(
    root: any StoreObservationRoot, path: AnyKeyPath, read: @escaping @MainActor () -> Rows?,
    ids: @escaping (Rows) -> [ID], writes: @escaping (Rows) -> ElementWrites
  ) {
    self.root = root
    self.path = path
    readList = { read().map { (ids($0), writes($0)) } }
  }

  /// The ids of the rows written since the last read, or nil when every row must look.
  private func rowsWrittenSinceLastRead() -> [ID]? {
    let new = readList()
    defer { lastRead = new.map { ($0.ids, $0.writes.version) } }
    // Arrays that share their storage compare at once: unchanged ids cost nothing however long the list.
    guard let new, let old = lastRead, old.ids == new.ids else { return nil }
    switch new.writes.written(since: old.version) {
    case .nothing: return []
    case let .element(at: position): return new.ids.indices.contains(position) ? [new.ids[position]] : nil
    case .unknown: return nil
    }
  }

  /// The source a row's hub follows.
  func source(for id: ID) -> RowSendSource<ID> {
    RowSendSource(watch: self, id: id)
  }

  func subscribe(row id: ID, _ onChange: @escaping () -> Void) -> UInt64 {
    if rootSubscription == nil, let root {
      root.keepRowWatch(self, at: path)
      _ = rowsWrittenSinceLastRead()
      rootSubscription = root.subscribe { [weak self] in self?.rootDidSend() }
    }
    nextID += 1
    followers[id, default: [:]][nextID] = onChange
    followerCount += 1
    return nextID
  }

  func unsubscribe(row id: ID, _ subscription: UInt64) {
    guard followers[id]?.removeValue(forKey: subscription) != nil else { return }
    if followers[id]?.isEmpty == true { followers[id] = nil }
    followerCount -= 1
    guard followerCount == 0, let subscription = rootSubscription else { return }
    root?.unsubscribe(subscription)
    rootSubscription = nil
    lastRead = nil
    root?.forgetRowWatch(self, at: path)
  }

  private func rootDidSend() {
    guard let written = rowsWrittenSinceLastRead() else {
      for onChange in followers.values.flatMap(\.values) { onChange() }
      return
    }
    for id in written {
      guard let rowFollowers = followers[id] else { continue }
      for onChange in Array(rowFollowers.values) { onChange() }
    }
  }
}

/// A watch of rows, counted without its id type.
@MainActor protocol RowFollowing: AnyObject {
  /// How many row followers it tells.
  var followerCount: Int { get }
}

/// One row of a `RowWatch`, as the row's hub follows it.
@MainActor @usableFromInline final class RowSendSource<ID: Hashable>: SendSource {
  private let watch: RowWatch<ID>
  private let id: ID

  init(watch: RowWatch<ID>, id: ID) {
    self.watch = watch
    self.id = id
  }

  @usableFromInline func subscribe(_ onChange: @escaping () -> Void) -> UInt64 {
    watch.subscribe(row: id, onChange)
  }

  @usableFromInline func unsubscribe(_ subscription: UInt64) {
    watch.unsubscribe(row: id, subscription)
  }
}
