/// A value bound to a statement's `?` or read from a row.
public enum SQLiteValue: Equatable, Sendable, ExpressibleByIntegerLiteral, ExpressibleByStringLiteral {
  /// A 64-bit integer.
  case integer(Int64)
  /// A floating-point number.
  case real(Double)
  /// UTF-8 text.
  case text(String)
  /// SQL's NULL.
  case null

  /// An integer from a literal.
  public init(integerLiteral value: Int64) { self = .integer(value) }
  /// Text from a literal.
  public init(stringLiteral value: String) { self = .text(value) }
  /// An integer from an `Int`.
  public init(_ value: Int) { self = .integer(Int64(value)) }
}
