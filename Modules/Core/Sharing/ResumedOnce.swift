import Foundation
import IssueReporting

/// The handler behind a load or save continuation: handed out once, then gone, so a second resume is reported
/// and a continuation dropped without a resume is reported as it goes away.
final class ResumedOnce<Outcome>: @unchecked Sendable {
  private let lock = NSLock()
  private var handler: (@Sendable (Outcome) -> Void)?
  private let operation: String
  private let neverResumed: String

  /// A handler for `operation` ("load of …", "save of …"); `neverResumed` is the report when no one resumed it.
  init(operation: String, neverResumed: String, handler: @escaping @Sendable (Outcome) -> Void) {
    self.operation = operation
    self.neverResumed = neverResumed
    self.handler = handler
  }

  deinit {
    if handler != nil { reportIssue(neverResumed) }
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
