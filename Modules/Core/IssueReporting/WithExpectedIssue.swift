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
  let collected = IssueCollector()
  var recordedByTheTest = false
  let threw =
    (try? withIssueHandler(IssueHandler { collected.append($0) }) {
      // An issue the test records through its framework (`Issue.record`) is absorbed too.
      if let absorber = linkedTestIssueAbsorber {
        recordedByTheTest = try absorber.absorbingTestIssues(body)
      } else {
        try body()
      }
    }) == nil
  reportUnlessExpectedIssueCame(
    threw || recordedByTheTest || !collected.issues.isEmpty, message, isIntermittent: isIntermittent,
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
  let collected = IssueCollector()
  var recordedByTheTest = false
  let threw =
    (try? await IssueHandler.$current.withValue(IssueHandler { collected.append($0) }) {
      if let absorber = linkedTestIssueAbsorber {
        recordedByTheTest = try await absorber.absorbingTestIssues(isolation: isolation, body)
      } else {
        try await body()
      }
    }) == nil
  reportUnlessExpectedIssueCame(
    threw || recordedByTheTest || !collected.issues.isEmpty, message, isIntermittent: isIntermittent,
    at: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
}

/// Reports that the issue `withExpectedIssue` expected did not come, unless it `came` or may not come.
private func reportUnlessExpectedIssueCame(
  _ came: Bool, _ message: String?, isIntermittent: Bool, at location: SourceLocation
) {
  guard !came, !isIntermittent else { return }
  reportIssue("An issue was expected\(message.map { " (\($0))" } ?? ""), but none was reported.", at: location)
}
