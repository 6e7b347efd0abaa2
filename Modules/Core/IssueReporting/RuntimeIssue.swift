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

/// A position in source code, kept as the compiler's literals so capturing one costs nothing.
///
/// Reducers capture their call site on every evaluation of a `body`, which runs
/// for every action; converting to `String` happens only when an issue is reported.
public struct SourceLocation: Sendable, Equatable, CustomStringConvertible {
  @usableFromInline let fileIDLiteral: StaticString
  @usableFromInline let filePathLiteral: StaticString
  /// The line number.
  public let line: UInt
  /// The column number.
  public let column: UInt

  /// Creates a location from the compiler's literals.
  @inlinable public init(
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) {
    fileIDLiteral = fileID
    filePathLiteral = filePath
    self.line = line
    self.column = column
  }

  /// `Module/File.swift`, as `#fileID` gives it.
  public var fileID: String { "\(fileIDLiteral)" }
  /// The absolute path, as `#filePath` gives it (XCTest wants this one).
  public var filePath: String { "\(filePathLiteral)" }
  /// The file path as the literal XCTest's `XCTFail` takes.
  public var filePathStaticString: StaticString { filePathLiteral }

  /// `Module/File.swift:12`.
  public var description: String { "\(fileID):\(line)" }

  /// Equal when file, line and column match.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.fileID == rhs.fileID && lhs.filePath == rhs.filePath && lhs.line == rhs.line && lhs.column == rhs.column
  }
}
