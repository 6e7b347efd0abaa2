import Foundation

/// Runs `body`, which is expected to report a runtime issue (`reportIssue`): the issues it reports are absorbed,
/// and if it reports none, that is the issue (unless `isIntermittent`). An error it throws counts as an issue. As
/// issue-reporting's `withExpectedIssue`, usable in an app's own checks and in any test framework.
public func withExpectedIssue(
  _ message: String? = nil,
  isIntermittent: Bool = false,
  fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
  _ body: () throws -> Void
) {
  let collected = ExpectedIssues()
  do {
    try withIssueHandler(IssueHandler { collected.append($0) }) { try body() }
  } catch {
    collected.append(
      RuntimeIssue(
        message: "Caught error: \(error)",
        location: SourceLocation(
          fileID: fileID, filePath: filePath, line: line, column: column)))
  }
  guard collected.isEmpty, !isIntermittent else { return }
  reportIssue(
    "An issue was expected\(message.map { " (\($0))" } ?? ""), but none was reported.",
    at: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
}

/// Runs the async `body`, which is expected to report a runtime issue; see the synchronous `withExpectedIssue`.
public func withExpectedIssue(
  _ message: String? = nil,
  isIntermittent: Bool = false,
  fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
  isolation: isolated (any Actor)? = #isolation,
  _ body: () async throws -> Void
) async {
  let collected = ExpectedIssues()
  do {
    try await IssueHandler.$current.withValue(IssueHandler { collected.append($0) }) { try await body() }
  } catch {
    collected.append(
      RuntimeIssue(
        message: "Caught error: \(error)",
        location: SourceLocation(
          fileID: fileID, filePath: filePath, line: line, column: column)))
  }
  guard collected.isEmpty, !isIntermittent else { return }
  reportIssue(
    "An issue was expected\(message.map { " (\($0))" } ?? ""), but none was reported.",
    at: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
}

/// The issues absorbed by `withExpectedIssue`, from any thread.
private final class ExpectedIssues: @unchecked Sendable {
  private let lock = NSLock()
  private var count = 0

  func append(_ issue: RuntimeIssue) { lock.withLock { count += 1 } }
  var isEmpty: Bool { lock.withLock { count == 0 } }
}
