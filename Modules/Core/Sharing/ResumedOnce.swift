import Foundation
import IssueReporting

/// The handler behind a load or save continuation: handed out once, then gone, so a second resume is reported
/// and a continuation dropped without a resume is reported as it goes away, and ended with `whenDropped` so that
/// whoever waits on it goes on (a `load()` or `save()` returns, `isLoading` is false again), as upstream does.
final class ResumedOnce<Outcome>: @unchecked Sendable {
  private let lock = NSLock()
  private var handler: (@Sendable (Outcome) -> Void)?
  private let operation: String
  private let neverResumed: String
  private let whenDropped: Outcome

  /// A handler for `operation` ("load of …", "save of …"); `neverResumed` is the report when no one resumed it,
  /// and `whenDropped` what the handler is then called with.
  init(
    operation: String, neverResumed: String, whenDropped: Outcome, handler: @escaping @Sendable (Outcome) -> Void
  ) {
    self.operation = operation
    self.neverResumed = neverResumed
    self.whenDropped = whenDropped
    self.handler = handler
  }

  deinit {
    guard let handler else { return }
    reportIssue(neverResumed)
    handler(whenDropped)
  }

  /// Calls the handler with `outcome` the first time; reports any later call.
  func resume(with outcome: Outcome) {
    let taken: (@Sendable (Outcome) -> Void)? = lock.withLock {
      defer { handler = nil }
      return handler
    }
    guard let taken else {
      reportIssue("The \(operation) was resumed more than once; only the first counts.")
      return
    }
    taken(outcome)
  }
}
