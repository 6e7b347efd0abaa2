import IssueReporting

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
  return { (_: repeat each Argument) in
    reportIssue(unimplementedMessage(endpoint), at: location)
    throw UnimplementedError(endpoint: endpoint)
  }
}

/// A synchronous throwing endpoint that fails the running test, naming itself, when called.
public func unimplemented<each Argument, Result>(
  _ endpoint: String,
  fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line
) -> @Sendable (repeat each Argument) throws -> Result {
  let location = SourceLocation(fileID: fileID, filePath: filePath, line: line)
  return { (_: repeat each Argument) in
    reportIssue(unimplementedMessage(endpoint), at: location)
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
  return { (_: repeat each Argument) in
    reportIssue(unimplementedMessage(endpoint), at: location)
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
  return { (_: repeat each Argument) in
    reportIssue(unimplementedMessage(endpoint), at: location)
    return placeholder
  }
}

func unimplementedMessage(_ endpoint: String) -> String {
  "Unimplemented: '\(endpoint)' was called. Override it in this test with 'withDependencies' or the store's dependency closure."
}
