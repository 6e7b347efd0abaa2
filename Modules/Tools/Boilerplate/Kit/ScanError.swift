/// Why a source file could not be read, at a place the compiler's own format names (`file:line:column: error:`).
public struct ScanError: Error, Equatable, CustomStringConvertible, Sendable {
  /// The file's path as given.
  public var file: String
  /// The line, from 1.
  public var line: Int
  /// The column, from 1.
  public var column: Int
  /// What is wrong, and what to do about it.
  public var message: String

  /// An error at a place.
  public init(file: String, line: Int, column: Int, message: String) {
    self.file = file
    self.line = line
    self.column = column
    self.message = message
  }

  /// `file:line:column: error: message`, which SwiftPM and editors show at the place.
  public var description: String { "\(file):\(line):\(column): error: \(message)" }
}
