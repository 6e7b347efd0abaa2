/// A runtime issue: what went wrong and where in the caller's source it was detected.
public struct RuntimeIssue: Sendable, Equatable, CustomStringConvertible {
  /// The explanation shown to the developer.
  public var message: String
  /// The call site the issue is attributed to.
  public var location: SourceLocation

  /// Creates an issue with a message and a location.
  public init(message: String, location: SourceLocation) {
    self.message = message
    self.location = location
  }

  /// One line: `file:line: runtime issue: message`.
  public var description: String {
    "\(location.fileID):\(location.line): runtime issue: \(message)"
  }
}

/// A position in source code, kept as the compiler's literals so it costs nothing until used.
public struct SourceLocation: Sendable, Equatable {
  /// `Module/File.swift`, as `#fileID` gives it.
  public var fileID: String
  /// The absolute path, as `#filePath` gives it (XCTest wants this one).
  public var filePath: String
  /// The line number.
  public var line: UInt
  /// The column number.
  public var column: UInt

  /// Creates a location from the compiler's literals.
  public init(
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) {
    self.fileID = "\(fileID)"
    self.filePath = "\(filePath)"
    self.line = line
    self.column = column
  }
}
