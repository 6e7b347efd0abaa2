import Foundation

/// How a shared value is kept outside the process: loaded, saved after changes, followed when someone else
/// changes it. The file keys are written on it; write one for another place (a database row, a server setting)
/// and make a key of it with `SharedKey(id:persistence:)`.
///
/// Loading and saving end through continuations, now or later: a persistence that answers at once (a file)
/// resumes inside the call, one that talks to something slow (a server, a database on another thread) resumes
/// when it has the answer, and the `Shared` says meanwhile that it is loading (`isLoading`) and then how it went
/// (`loadError`, `saveError`). A persistence serves one reference and is called from any thread.
public protocol SharedPersistence<Value>: AnyObject, Sendable {
  /// The value kept.
  associatedtype Value: Sendable
  /// Loads the stored value and resumes `continuation` with it (or with nothing stored, or an error), exactly
  /// once, now or later.
  func load(context: SharedLoadContext<Value>, continuation: SharedLoadContinuation<Value>)
  /// Saves `value` and resumes `continuation` once it is kept (or could not be), exactly once, now or later.
  /// Called after every change, under the value's lock (`.didSet`: coalescing is allowed), and by `save()`
  /// (`.userInitiated`: save now).
  func save(_ value: Value, context: SharedSaveContext, continuation: SharedSaveContinuation)
  /// Saves a change not saved yet, now (the app quits, a test checks the store).
  func flush()
  /// How loading and the last save went: the loading state a screen can show.
  var status: SharedPersistenceStatus { get }
  /// The file the value is kept in, if it is kept in one (for a trace to say which).
  var fileURL: URL? { get }
  /// Starts following changes made by others: `onPossibleChange` runs whenever the stored value may have
  /// changed; the reference then calls `reloadIfStale`.
  func subscribe(_ onPossibleChange: @escaping @Sendable () -> Void)
  /// Starts handing what the source says to `subscriber` as it happens (values, failures, loading), for a source
  /// that pushes rather than one read again when it may have changed; called once, when the value is made.
  func subscribe(subscriber: SharedSubscriber<Value>)
  /// Whether the stored value may have changed since this process last read or wrote it (cheap: no read).
  var isStale: Bool { get }
  /// The stored value if someone else changed it since this process last read or wrote it (`.some(nil)` when
  /// there is none any more: the default applies), else nil. The caller holds the value's lock, so no change of
  /// this process comes in between; one not saved yet should be saved first, merged onto theirs.
  func reloadIfStale() -> Value??
}

extension SharedPersistence {
  /// Saves as they come: nothing is ever pending.
  public func flush() {}
  /// Follows nothing: the value changes only here.
  public func subscribe(_ onPossibleChange: @escaping @Sendable () -> Void) {}
  /// Pushes nothing.
  public func subscribe(subscriber: SharedSubscriber<Value>) {}
  /// Nothing changes elsewhere unless the persistence says how to tell.
  public var isStale: Bool { false }
  /// Nothing to reload.
  public func reloadIfStale() -> Value?? { nil }
}

/// The persistence of an in-memory key: nothing is loaded or saved; the value lives as long as its storage.
final class InMemoryPersistence<Value: Sendable>: SharedPersistence, Sendable {
  func load(context: SharedLoadContext<Value>, continuation: SharedLoadContinuation<Value>) {
    continuation.resumeReturningInitialValue()
  }
  func save(_ value: Value, context: SharedSaveContext, continuation: SharedSaveContinuation) {
    continuation.resume()
  }
  var status: SharedPersistenceStatus { .notPersisted }
}

/// What happened when a shared value was loaded or last saved.
public enum SharedPersistenceStatus: Equatable, Sendable {
  /// The value is in memory only.
  case notPersisted
  /// The value was loaded from, or last saved to, its file.
  case loaded
  /// There was no file yet: the default value is used until the first save.
  case missing
  /// The file could not be decoded; it was moved to `movedTo` (when that worked) and defaults are used.
  case corrupt(movedTo: URL?, reason: String)
  /// The file exists but could not be read; defaults are used and nothing is saved over it.
  case unreadable(reason: String)
  /// The last save failed; the value is still held in memory.
  case saveFailed(reason: String)

  /// The notice as a screen shows it: a line per sentence, and a file's path on a line of its own (a screen cuts
  /// lines at its width, and a path is the part that must not be cut). Empty when there is nothing to tell.
  public var noticeLines: [String] {
    guard let notice else { return [] }
    guard case let .corrupt(movedTo?, reason) = self else { return [notice] }
    return [
      "The saved data could not be read (\(reason)); defaults are used.", "The unreadable file was kept at:",
      "  \(movedTo.path)",
    ]
  }

  /// A sentence for the user, or nil when there is nothing to tell.
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

/// A reference whose pending save can be written now.
protocol HasPendingSave: AnyObject {
  /// Writes the pending save, if any.
  func flush()
}

extension SharedPersistence {
  /// Kept in no file, unless the persistence says otherwise.
  public var fileURL: URL? { nil }
}
