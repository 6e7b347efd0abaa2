import IssueReporting
import ValueDump

/// Expects `operation` to change the value of `expression` exactly as `changes` says, as custom-dump's
/// `expectDifference` does: the value before, changed by `changes`, must equal the value after; when it does not,
/// fails with a diff of the two (−: expected, +: actual).
///
///     expectDifference(model.counter) {
///       model.incrementButtonTapped()
///     } changes: {
///       $0.count = 1
///     }
public func expectDifference<Value: Equatable>(
  _ expression: @autoclosure () throws -> Value,
  _ message: @autoclosure () -> String? = nil,
  operation: () throws -> Void = {},
  changes: (inout Value) throws -> Void,
  fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) {
  let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
  do {
    var expected = try expression()
    try operation()
    try changes(&expected)
    reportDifference(expected: expected, actual: try expression(), message: message(), at: location)
  } catch {
    reportIssue("Caught error: \(error)", at: location)
  }
}

/// `expectDifference` around an `async` operation, run on the caller's actor.
public func expectDifference<Value: Equatable>(
  _ expression: @autoclosure () throws -> Value,
  _ message: @autoclosure () -> String? = nil,
  operation: () async throws -> Void = {},
  changes: (inout Value) throws -> Void,
  isolation: isolated (any Actor)? = #isolation,
  fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) async {
  let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
  do {
    var expected = try expression()
    try await operation()
    try changes(&expected)
    reportDifference(expected: expected, actual: try expression(), message: message(), at: location)
  } catch {
    reportIssue("Caught error: \(error)", at: location)
  }
}

/// Reports, with a diff, a value after an operation that is not the one expected.
private func reportDifference<Value: Equatable>(
  expected: Value, actual: Value, message: String?, at location: SourceLocation
) {
  guard expected != actual else { return }
  let diff = unequalValuesDiff(expected, actual)
  let context = message.map { "\($0)\n\n" } ?? ""
  reportIssue("\(context)The value changed otherwise than expected (−: expected, +: actual):\n\n\(diff)", at: location)
}
