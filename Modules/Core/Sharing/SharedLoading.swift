import Foundation
import IssueReporting

/// Why a persistence is asked to load: a value is being made (with the value to use if nothing is stored), or
/// someone called `load()`.
public enum SharedLoadContext<Value: Sendable>: Sendable {
  /// A `Shared` is being made; `Value` is what it holds until the load ends, and keeps if nothing is stored.
  case initialValue(Value)
  /// `load()` was called: the value on hand stays if nothing is stored.
  case userInitiated
}

/// Why a persistence is asked to save: the value changed, or someone called `save()`.
public enum SharedSaveContext: Sendable, Equatable {
  /// The value changed (`withLock`): the persistence may save now or coalesce with changes that follow.
  case didSet
  /// `save()` was called: save now, and resume once the value is kept.
  case userInitiated
}

/// How a persistence hands back what it loaded, now or later from any thread; resume it exactly once.
///
/// A continuation resumed inside `load(context:continuation:)` makes the value there when the `Shared` is made;
/// one resumed later leaves the `Shared` loading (`isLoading`) until then, holding its initial value.
public final class SharedLoadContinuation<Value: Sendable>: Sendable {
  private let once: ResumedOnce<Result<Value?, any Error>>

  /// A continuation that calls `onResume` once; `description` names the key in a report (the runtime makes them;
  /// make one to test a persistence of your own).
  public init(_ description: String, onResume: @escaping @Sendable (Result<Value?, any Error>) -> Void) {
    once = ResumedOnce(
      operation: "load of \(description)",
      neverResumed: """
        The load of \(description) was never resumed: it ends as if nothing were stored (the value stays as it \
        was, 'isLoading' is false again, a 'load()' waiting on it returns). Resume every SharedLoadContinuation \
        exactly once.
        """,
      whenDropped: .success(nil), handler: onResume)
  }

  /// Ends the load with `value`.
  public func resume(returning value: Value) { resume(with: .success(value)) }

  /// Ends the load with `error`: the value stays as it was, and `loadError` holds the error.
  public func resume(throwing error: any Error) { resume(with: .failure(error)) }

  /// Ends the load with nothing stored: a new value keeps its initial value, a `load()` the value on hand.
  public func resumeReturningInitialValue() { resume(with: .success(nil)) }

  /// Ends the load with `result` (`.success(nil)`: nothing stored).
  public func resume(with result: Result<Value?, any Error>) { once.resume(with: result) }
}

/// How a persistence says a save ended, now or later from any thread; resume it exactly once.
public final class SharedSaveContinuation: Sendable {
  private let once: ResumedOnce<Result<Void, any Error>>

  /// A continuation that calls `onResume` once; `description` names the key in a report (the runtime makes them;
  /// make one to test a persistence of your own).
  public init(_ description: String, onResume: @escaping @Sendable (Result<Void, any Error>) -> Void) {
    once = ResumedOnce(
      operation: "save of \(description)",
      neverResumed: """
        The save of \(description) was never resumed: it ends as if it had succeeded (a 'save()' waiting on it \
        returns). Resume every SharedSaveContinuation exactly once.
        """,
      whenDropped: .success(()), handler: onResume)
  }

  /// The value is kept.
  public func resume() { resume(with: .success(())) }

  /// The save failed: `saveError` holds `error` (the value stays in memory).
  public func resume(throwing error: any Error) { resume(with: .failure(error)) }

  /// Ends the save with `result`.
  public func resume(with result: Result<Void, any Error>) { once.resume(with: result) }
}

/// Why `Shared(require:)` made no value.
public enum SharedLoadError: Error, Equatable, CustomStringConvertible {
  /// The key's persistence loaded nothing: there is no value stored under `key`.
  case notFound(key: String)

  /// The sentence a test failure or a screen shows.
  public var description: String {
    switch self {
    case let .notFound(key): "Nothing is stored under \(key)."
    }
  }
}

/// A persistence's failure as an error: what `loadError` and `saveError` hold for a file key.
public struct SharedPersistenceError: Error, Equatable, CustomStringConvertible {
  /// What went wrong, as `persistenceStatus` says it.
  public let status: SharedPersistenceStatus

  /// The status's notice for the user.
  public var description: String { status.notice ?? "\(status)" }
}
