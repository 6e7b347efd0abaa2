import IssueReporting
import ValueDump

/// Thrown by an `unimplemented` endpoint that has no placeholder to return.
public struct UnimplementedError: Error, CustomStringConvertible, Sendable {
  /// The endpoint's name, like `UserClient.load`.
  public let endpoint: String

  /// Says which endpoint was called.
  public var description: String { "Unimplemented: '\(endpoint)' was called" }
}

/// An endpoint for a test value that fails the running test, naming itself, when called; it throws.
public func unimplemented<each Argument, Result>(
  _ endpoint: String,
  fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line
) -> @Sendable (repeat each Argument) async throws -> Result {
  let location = SourceLocation(fileID: fileID, filePath: filePath, line: line)
  return { (arguments: repeat each Argument) in
    reportIssue(unimplementedMessage(endpoint, arguments: describe(repeat each arguments)), at: location)
    throw UnimplementedError(endpoint: endpoint)
  }
}

/// A synchronous throwing endpoint that fails the running test, naming itself, when called.
public func unimplemented<each Argument, Result>(
  _ endpoint: String,
  fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line
) -> @Sendable (repeat each Argument) throws -> Result {
  let location = SourceLocation(fileID: fileID, filePath: filePath, line: line)
  return { (arguments: repeat each Argument) in
    reportIssue(unimplementedMessage(endpoint, arguments: describe(repeat each arguments)), at: location)
    throw UnimplementedError(endpoint: endpoint)
  }
}

/// An endpoint that fails the running test, naming itself, then returns `placeholder`.
public func unimplemented<each Argument, Result: Sendable>(
  _ endpoint: String,
  placeholder: Result,
  fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line
) -> @Sendable (repeat each Argument) -> Result {
  let location = SourceLocation(fileID: fileID, filePath: filePath, line: line)
  return { (arguments: repeat each Argument) in
    reportIssue(unimplementedMessage(endpoint, arguments: describe(repeat each arguments)), at: location)
    return placeholder
  }
}

/// An async endpoint that fails the running test, naming itself, then returns `placeholder`.
public func unimplemented<each Argument, Result: Sendable>(
  _ endpoint: String,
  placeholder: Result,
  fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line
) -> @Sendable (repeat each Argument) async -> Result {
  let location = SourceLocation(fileID: fileID, filePath: filePath, line: line)
  return { (arguments: repeat each Argument) in
    reportIssue(unimplementedMessage(endpoint, arguments: describe(repeat each arguments)), at: location)
    return placeholder
  }
}

/// The report of an unimplemented endpoint called with `arguments` (as the dump prints them).
func unimplementedMessage(_ endpoint: String, arguments: [String] = []) -> String {
  let call = arguments.isEmpty ? "" : " with (\(arguments.joined(separator: ", ")))"
  return "Unimplemented: '\(endpoint)' was called\(call). Override it in this test with 'withDependencies' or the "
    + "store's dependency closure."
}

/// Each argument of a call on one line, as a reader would write it.
private func describe<each Argument>(_ arguments: repeat each Argument) -> [String] {
  var lines: [String] = []
  for argument in repeat each arguments { lines.append(valueDumpLine(argument, abbreviatingNestedCases: true)) }
  return lines
}
