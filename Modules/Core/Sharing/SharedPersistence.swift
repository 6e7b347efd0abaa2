import Foundation

/// How a reference loads and saves its value (a file, say); in-memory values have none.
protocol SharedPersistence<Value>: Sendable {
  associatedtype Value: Sendable
  /// Loads the stored value, or returns nil (and records why in `status`) to use the default.
  func load() -> Value?
  /// Called after every change, with the new value; coalesces saves.
  func valueDidChange(_ value: Value)
  /// Saves a pending change now.
  func flush()
  /// How loading and the last save went.
  var status: SharedPersistenceStatus { get }
  /// Starts following changes made by others (another process writing, replacing or deleting the file):
  /// `onPossibleChange` runs whenever the stored value may have changed; it calls `reloadIfChangedElsewhere`.
  func startWatching(_ onPossibleChange: @escaping @Sendable () -> Void)
  /// Whether the stored value changed since this process last read or wrote it (cheap: no read).
  var changedElsewhere: Bool { get }
  /// The stored value if someone else changed it since this process last read or wrote it: `.some(nil)` when
  /// there is none any more. A change of this process not saved yet is saved first, merged onto theirs. The
  /// caller holds its value's lock, so no change of this process can come in between.
  func reloadIfChangedElsewhere() -> Value??
}

/// What happened when a shared value was loaded or last saved.
public enum SharedPersistenceStatus: Equatable, Sendable {
  /// The value is not persisted.
  case notPersisted
  /// The value was loaded from its file, and every save so far succeeded.
  case loaded
  /// There was no file yet: the default value is used until the first save creates it.
  case missing
  /// The file could not be decoded: it was moved to `movedTo` and the default value is used.
  case corrupt(movedTo: URL?, reason: String)
  /// The file exists but could not be read.
  case unreadable(reason: String)
  /// The last save failed; the value is kept in memory and the file is unchanged.
  case saveFailed(reason: String)

  /// A one-line explanation for a user, or nil when all is well.
  public var notice: String? {
    switch self {
    case .notPersisted, .loaded, .missing:
      return nil
    case let .corrupt(movedTo, reason):
      let kept = movedTo.map { " The unreadable file was kept at \($0.path)." } ?? ""
      return "The saved data could not be read (\(reason)); defaults are used.\(kept)"
    case let .unreadable(reason):
      return "The saved data could not be read (\(reason)); defaults are used."
    case let .saveFailed(reason):
      return "Changes could not be saved (\(reason)); they are kept until the app quits."
    }
  }
}

/// Something with a save to write now (a persisted reference, a file persistence).
protocol HasPendingSave: AnyObject {
  func flush()
}
