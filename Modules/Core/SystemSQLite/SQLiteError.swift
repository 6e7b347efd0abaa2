/// A failure SQLite reported, with its message and the statement that failed.
public struct SQLiteError: Error, Equatable, CustomStringConvertible {
  /// SQLite's extended result code (-1 when the library itself could not be used).
  public var code: Int32
  /// What SQLite said.
  public var message: String
  /// The statement that failed, when there was one.
  public var statement: String?

  /// An error from its parts.
  public init(code: Int32, message: String, statement: String? = nil) {
    self.code = code
    self.message = message
    self.statement = statement
  }

  /// Whether a constraint (a unique index, a check) refused the write.
  public var isConstraintViolation: Bool { code & 0xFF == SQLiteCode.constraint }

  /// Whether another connection held the lock for longer than the busy timeout.
  public var isBusy: Bool { code & 0xFF == SQLiteCode.busy }

  /// The message, and the statement that failed, for a log or a screen.
  public var description: String {
    statement.map { "\(message) (in \($0.prefix(80)))" } ?? message
  }
}
