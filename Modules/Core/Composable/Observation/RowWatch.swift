import Foundation

/// What a field hub follows to hear of sends: the root store, or the watch of the list its row is in.
@MainActor @usableFromInline protocol SendSource: AnyObject {
  /// Calls `onChange` after each send that may concern the follower; returns the id to stop with.
  func subscribe(_ onChange: @escaping () -> Void) -> UInt64
  /// Stops calling follower `id`.
  func unsubscribe(_ id: UInt64)
}

/// Follows a list (an `IdentifiedArray`, a `StackState`) for the hubs of its rows: reads it once per send and
/// tells only the rows whose storage was written, so that a thousand observed rows cost one pass over the list's
/// bytes at a send instead of a thousand reads. A row not written keeps its bytes (its storage is shared with the
/// last list, and any write copies it first); a row whose bytes differ is told, and its hub compares its fields.
@MainActor @usableFromInline final class RowWatch<ID: Hashable> {
  private weak var root: (any StoreObservationRoot)?
  /// Reads the list and compares it with the last one read: the ids of the rows written, or nil when every row
  /// must look (the list is new, gone, or its ids changed). Kept as a closure so the list's type stays out.
  private let rowsWrittenSinceLastRead: @MainActor () -> [ID]?
  private let forgetLastRead: @MainActor () -> Void
  private var followers: [ID: [UInt64: () -> Void]] = [:]
  private var followerCount = 0
  private var nextID: UInt64 = 0
  private var rootSubscription: UInt64?

  /// The watch of the list `read` returns, whose ids are `ids` and whose rows are laid out contiguously in the
  /// bytes `withRowBytes` hands over (`rowCount` rows of equal stride).
  init<Rows>(
    root: any StoreObservationRoot, read: @escaping @MainActor () -> Rows?, ids: @escaping (Rows) -> [ID],
    withRowBytes: @escaping (Rows, (UnsafeRawBufferPointer) -> Void) -> Void
  ) {
    self.root = root
    var last: Rows?
    rowsWrittenSinceLastRead = {
      let new = read()
      defer { last = new }
      guard let old = last, let new else { return nil }
      let newIDs = ids(new)
      guard ids(old) == newIDs else { return nil }
      return Self.rowsWritten(between: old, and: new, ids: newIDs, withRowBytes: withRowBytes)
    }
    forgetLastRead = { last = nil }
  }

  private static func rowsWritten<Rows>(
    between old: Rows, and new: Rows, ids: [ID],
    withRowBytes: @escaping (Rows, (UnsafeRawBufferPointer) -> Void) -> Void
  ) -> [ID] {
    var written: [ID] = []
    withRowBytes(old) { oldBytes in
      withRowBytes(new) { newBytes in
        guard oldBytes.baseAddress != newBytes.baseAddress, !ids.isEmpty, oldBytes.count == newBytes.count else {
          return
        }
        guard let oldStart = oldBytes.baseAddress, let newStart = newBytes.baseAddress else { return }
        let stride = newBytes.count / ids.count
        for row in ids.indices where memcmp(oldStart + row * stride, newStart + row * stride, stride) != 0 {
          written.append(ids[row])
        }
      }
    }
    return written
  }

  /// The source a row's hub follows.
  func source(for id: ID) -> RowSendSource<ID> {
    RowSendSource(watch: self, id: id)
  }

  func subscribe(row id: ID, _ onChange: @escaping () -> Void) -> UInt64 {
    if rootSubscription == nil, let root {
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
    forgetLastRead()
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
