import IssueReporting
import ValueDump

/// Expects two values to be equal, and when they are not, fails with a diff of their dumps (what changed, line
/// by line), as custom-dump's `expectNoDifference` does: `-` the first value, `+` the second.
public func expectNoDifference<Value: Equatable>(
  _ expression1: @autoclosure () throws -> Value,
  _ expression2: @autoclosure () throws -> Value,
  _ message: @autoclosure () -> String? = nil,
  fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) {
  let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
  do {
    let first = try expression1()
    let second = try expression2()
    guard first != second else { return }
    let diff = unequalValuesDiff(first, second)
    let context = message().map { "\($0)\n\n" } ?? ""
    reportIssue("\(context)The values differ (−: the first, +: the second):\n\n\(diff)", at: location)
  } catch {
    reportIssue("Caught error: \(error)", at: location)
  }
}
