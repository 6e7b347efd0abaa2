import Foundation

/// Where runtime issues go when no test is running, or when a caller wants to collect them.
///
/// A class, so that the task-local holding it is one reference wide (macOS 14's back-deployed `TaskLocal` has
/// crashed in optimized builds with wider values; `Scripts/check-task-locals` keeps every task-local so).
public final class IssueHandler: Sendable {
  /// Receives each issue.
  public let handle: @Sendable (RuntimeIssue) -> Void

  /// Creates a handler from a closure.
  public init(_ handle: @escaping @Sendable (RuntimeIssue) -> Void) {
    self.handle = handle
  }

  /// Prints `file:line: runtime issue: message` to standard error.
  public static let standardError = IssueHandler { issue in
    FileHandle.standardError.write(Data("\(issue)\n".utf8))
  }

  /// The handler installed for the current task, if any; it takes precedence over tests.
  @TaskLocal public static var current: IssueHandler?
}

/// Runs `operation` with every runtime issue it reports sent to `handler` instead.
///
/// The command-line shell uses this to show issues in its own output; tests use it
/// to assert that code reports an issue without failing.
public func withIssueHandler<R>(
  _ handler: IssueHandler,
  operation: () throws -> R
) rethrows -> R {
  try IssueHandler.$current.withValue(handler, operation: operation)
}

/// Runs `operation` and returns its result with the runtime issues it reported.
public func collectingIssues<R>(
  _ operation: () throws -> R
) rethrows -> (result: R, issues: [RuntimeIssue]) {
  let collected = IssueCollector()
  let result = try withIssueHandler(IssueHandler { collected.append($0) }, operation: operation)
  return (result, collected.issues)
}

/// Thread-safe list behind `collectingIssues`.
final class IssueCollector: @unchecked Sendable {
  private let lock = NSLock()
  private var storage: [RuntimeIssue] = []

  func append(_ issue: RuntimeIssue) {
    lock.withLock { storage.append(issue) }
  }

  var issues: [RuntimeIssue] { lock.withLock { storage } }
}
