import Foundation

/// One connection to an SQLite database file: statements prepared once and kept, transactions, and errors that say
/// what failed.
///
/// A connection is used by one thread at a time (its owner serializes calls, as
/// a client's lock does); several processes may each hold one on the same file,
/// which WAL mode lets read while another writes.
public final class SQLiteDatabase {
  private let library: SQLiteLibrary
  private let handle: OpaquePointer
  private var statements: [String: OpaquePointer] = [:]
  private var transactionDepth = 0

  /// The file it is open on.
  public let path: String

  /// Opens (creating if needed) the database at `path`; `readOnly` opens an existing file without writing.
  ///
  /// Waits up to `busyTimeout` for another connection's write lock before a
  /// statement fails with a busy error.
  public convenience init(path: String, readOnly: Bool = false, busyTimeout: Duration = .seconds(5)) throws {
    try self.init(
      path: path, flags: readOnly ? SQLiteCode.openReadOnly : SQLiteCode.openReadWriteCreate,
      busyTimeout: busyTimeout)
  }

  /// Opens the existing database at `path` as a file nobody changes (SQLite's `immutable`): no lock, no shared
  /// memory, nothing created beside it, so a folder that cannot be written can still be read. Only for a file
  /// with no write-ahead log beside it: its commits would not be seen.
  public convenience init(immutableAt path: String) throws {
    var allowed = CharacterSet.urlPathAllowed
    allowed.remove(charactersIn: "?#")
    let escaped = path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path
    try self.init(
      path: "file:\(escaped)?immutable=1", flags: SQLiteCode.openReadOnly | SQLiteCode.openURI, busyTimeout: .zero,
      named: path)
  }

  private init(path opened: String, flags: Int32, busyTimeout: Duration, named path: String? = nil) throws {
    let library = try SQLiteLibrary.shared.get()
    self.library = library
    let path = path ?? opened
    self.path = path
    var handle: OpaquePointer?
    let code = library.open(opened, &handle, flags, nil)
    guard code == SQLiteCode.ok, let handle else {
      let message = handle.flatMap { library.errorMessage($0) }.map { String(cString: $0) } ?? "cannot open"
      _ = library.close(handle)
      throw SQLiteError(code: code, message: "\(path): \(message)")
    }
    self.handle = handle
    let milliseconds =
      busyTimeout.components.seconds * 1000 + busyTimeout.components.attoseconds / 1_000_000_000_000_000
    _ = library.busyTimeout(handle, Int32(clamping: milliseconds))
  }

  deinit {
    for statement in statements.values { _ = library.finalize(statement) }
    _ = library.close(handle)
  }

  /// The version of the SQLite library in use, such as "3.40.1".
  public static func libraryVersion() throws -> String {
    let library = try SQLiteLibrary.shared.get()
    return library.libraryVersion().map { String(cString: $0) } ?? "unknown"
  }

  /// Runs `sql`, one or more statements separated by semicolons, without parameters (a schema, a pragma).
  public func execute(_ sql: String) throws {
    try sql.withCString { start in
      var next: UnsafePointer<CChar>? = start
      while let current = next, current.pointee != 0 {
        var statement: OpaquePointer?
        var tail: UnsafePointer<CChar>?
        let code = library.prepare(handle, current, -1, &statement, &tail)
        guard code == SQLiteCode.ok else { throw error(code, sql: sql) }
        next = tail
        guard let statement else { continue }  // only whitespace or a comment was left
        defer { _ = library.finalize(statement) }
        var result = library.step(statement)
        while result == SQLiteCode.row { result = library.step(statement) }
        guard result == SQLiteCode.done else { throw error(result, sql: sql) }
      }
    }
  }

  /// Runs one statement with `values` bound to its `?`s, ignoring any rows; returns how many rows it changed.
  @discardableResult
  public func run(_ sql: String, _ values: [SQLiteValue] = []) throws -> Int {
    try query(sql, values) { _ in }
    return Int(library.changes(handle))
  }

  /// Runs one statement with `values` bound to its `?`s and hands each row to `row`.
  public func query(_ sql: String, _ values: [SQLiteValue] = [], row: (SQLiteRow) throws -> Void) throws {
    let statement = try prepared(sql)
    defer {
      _ = library.reset(statement)
      _ = library.clearBindings(statement)
    }
    try bind(values, to: statement, sql: sql)
    while true {
      let code = library.step(statement)
      if code == SQLiteCode.done { return }
      guard code == SQLiteCode.row else { throw error(code, sql: sql) }
      try row(SQLiteRow(statement: statement, library: library))
    }
  }

  /// The rows of one statement, each made into a value by `transform`.
  public func rows<Value>(_ sql: String, _ values: [SQLiteValue] = [], _ transform: (SQLiteRow) throws -> Value)
    throws -> [Value]
  {
    var rows: [Value] = []
    try query(sql, values) { rows.append(try transform($0)) }
    return rows
  }

  /// The first row of one statement made into a value, or nil when there is none.
  public func firstRow<Value>(_ sql: String, _ values: [SQLiteValue] = [], _ transform: (SQLiteRow) throws -> Value)
    throws -> Value?
  {
    var first: Value?
    try query(sql, values) { row in
      if first == nil { first = try transform(row) }
    }
    return first
  }

  /// The rowid the last insert of this connection gave its row.
  public var lastInsertedRowID: Int { Int(library.lastInsertRowID(handle)) }

  /// Runs `body` in one transaction: all of its writes land together, or none (a throw rolls back).
  ///
  /// Takes the write lock at the start (`BEGIN IMMEDIATE`), so what `body`
  /// reads cannot be changed by another connection before it writes; a nested
  /// call joins the outer transaction.
  @discardableResult
  public func transaction<Result>(_ body: () throws -> Result) throws -> Result {
    if transactionDepth > 0 {
      transactionDepth += 1
      defer { transactionDepth -= 1 }
      return try body()
    }
    try execute("BEGIN IMMEDIATE")
    transactionDepth = 1
    defer { transactionDepth = 0 }
    do {
      let result = try body()
      try execute("COMMIT")
      return result
    } catch {
      try? execute("ROLLBACK")
      throw error
    }
  }

  /// Whether the database is in WAL mode after asking for it (false where the file system cannot share memory).
  @discardableResult
  public func enableWriteAheadLog() throws -> Bool {
    try firstRow("PRAGMA journal_mode = WAL") { $0.text(0) }?.lowercased() == "wal"
  }

  /// A number that changes when another connection commits to the file (`PRAGMA data_version`).
  public func dataVersion() throws -> Int {
    try firstRow("PRAGMA data_version") { $0.int(0) } ?? 0
  }

  private func prepared(_ sql: String) throws -> OpaquePointer {
    if let statement = statements[sql] { return statement }
    var statement: OpaquePointer?
    let code = library.prepare(handle, sql, -1, &statement, nil)
    guard code == SQLiteCode.ok, let statement else { throw error(code, sql: sql) }
    statements[sql] = statement
    return statement
  }

  private func bind(_ values: [SQLiteValue], to statement: OpaquePointer, sql: String) throws {
    let expected = Int(library.bindParameterCount(statement))
    guard expected == values.count else {
      throw SQLiteError(
        code: -1, message: "\(values.count) values for \(expected) parameters", statement: sql)
    }
    for (offset, value) in values.enumerated() {
      let index = Int32(offset + 1)
      let code: Int32
      switch value {
      case let .integer(number): code = library.bindInt64(statement, index, number)
      case let .real(number): code = library.bindDouble(statement, index, number)
      case .null: code = library.bindNull(statement, index)
      case let .text(text):
        code = text.utf8CString.withUnsafeBufferPointer { bytes in
          library.bindText(statement, index, bytes.baseAddress, Int32(bytes.count - 1), SQLiteLibrary.transient)
        }
      }
      guard code == SQLiteCode.ok else { throw error(code, sql: sql) }
    }
  }

  private func error(_ code: Int32, sql: String?) -> SQLiteError {
    let message = library.errorMessage(handle).map { String(cString: $0) } ?? "error \(code)"
    let extended = library.extendedErrorCode(handle)
    return SQLiteError(code: extended != 0 ? extended : code, message: message, statement: sql)
  }
}
