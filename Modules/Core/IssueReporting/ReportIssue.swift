import Foundation

/// Reports a programmer error: a test failure inside a test, a warning on stderr elsewhere.
///
/// Inside a Swift Testing or XCTest test (when `ComposableTesting` is linked) the
/// issue fails that test at the given location. In an app it never traps: the
/// message goes to the active `IssueHandler` (stderr by default), because a
/// runtime issue is a bug to fix, not a reason to lose the user's session.
///
/// With no message (`reportIssue()`), the issue says only that it was reported, where.
public func reportIssue(
  _ message: @autoclosure () -> String? = nil,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) {
  reportIssue(
    message() ?? "Issue reported",
    at: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
}

/// Reports a runtime issue attributed to a location captured earlier (say, where an effect was created).
public func reportIssue(_ message: String, at location: SourceLocation) {
  let issue = RuntimeIssue(message: message, location: location)
  if let handler = IssueHandler.current {
    handler.handle(issue)
    return
  }
  if let recorder = linkedTestFailureRecorder, recorder.recordTestFailure(issue) {
    return
  }
  IssueHandler.standardError.handle(issue)
}

/// Reports an error nobody can handle here as a runtime issue (a test failure under a test runner), with an
/// optional word on what was being done.
public func reportIssue(
  _ error: any Error,
  _ message: @autoclosure () -> String? = nil,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) {
  let context = message().map { ": \($0)" } ?? ""
  reportIssue(
    "Caught error: \(error)\(context)",
    at: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
}
