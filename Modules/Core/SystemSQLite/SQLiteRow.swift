/// The current row of a statement being stepped: its columns, by index from 0, read inside the closure that
/// received it (the next step replaces the row).
public struct SQLiteRow {
  let statement: OpaquePointer
  let library: SQLiteLibrary

  /// The column as an integer (0 for NULL).
  public func int(_ column: Int) -> Int { Int(library.columnInt64(statement, Int32(column))) }

  /// The column as a number (0 for NULL).
  public func double(_ column: Int) -> Double { library.columnDouble(statement, Int32(column)) }

  /// The column as text ("" for NULL).
  public func text(_ column: Int) -> String {
    guard let bytes = library.columnText(statement, Int32(column)) else { return "" }
    let count = Int(library.columnBytes(statement, Int32(column)))
    return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
  }

  /// Whether the column is NULL.
  public func isNull(_ column: Int) -> Bool { library.columnType(statement, Int32(column)) == SQLiteCode.null }

  /// The column as whatever type SQLite holds it in.
  public func value(_ column: Int) -> SQLiteValue {
    switch library.columnType(statement, Int32(column)) {
    case SQLiteCode.integer: .integer(library.columnInt64(statement, Int32(column)))
    case SQLiteCode.float: .real(double(column))
    case SQLiteCode.null: .null
    default: .text(text(column))
    }
  }

  /// How many columns the row has.
  public var columnCount: Int { Int(library.columnCount(statement)) }
}
