#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The system's SQLite library, loaded when first used, and the part of its C API this module calls.
///
/// Loaded with `dlopen` rather than linked: a Linux machine with only the Swift
/// toolchain has the library (the toolchain needs it) but not its headers, and
/// a module map would need them. The signatures below are SQLite's stable C API
/// (unchanged since 3.7); a pointer-sized integer stands for the destructor
/// argument, so `transient` can be passed as SQLite's `SQLITE_TRANSIENT` (-1).
struct SQLiteLibrary: Sendable {
  typealias Handle = OpaquePointer

  let open:
    @convention(c) (UnsafePointer<CChar>?, UnsafeMutablePointer<Handle?>?, Int32, UnsafePointer<CChar>?) ->
      Int32
  let close: @convention(c) (Handle?) -> Int32
  let errorMessage: @convention(c) (Handle?) -> UnsafePointer<CChar>?
  let extendedErrorCode: @convention(c) (Handle?) -> Int32
  let busyTimeout: @convention(c) (Handle?, Int32) -> Int32
  let prepare:
    @convention(c) (
      Handle?, UnsafePointer<CChar>?, Int32, UnsafeMutablePointer<Handle?>?,
      UnsafeMutablePointer<
        UnsafePointer<CChar>?
      >?
    ) -> Int32
  let step: @convention(c) (Handle?) -> Int32
  let reset: @convention(c) (Handle?) -> Int32
  let clearBindings: @convention(c) (Handle?) -> Int32
  let finalize: @convention(c) (Handle?) -> Int32
  let bindInt64: @convention(c) (Handle?, Int32, Int64) -> Int32
  let bindDouble: @convention(c) (Handle?, Int32, Double) -> Int32
  let bindText: @convention(c) (Handle?, Int32, UnsafePointer<CChar>?, Int32, Int) -> Int32
  let bindNull: @convention(c) (Handle?, Int32) -> Int32
  let bindParameterCount: @convention(c) (Handle?) -> Int32
  let columnCount: @convention(c) (Handle?) -> Int32
  let columnType: @convention(c) (Handle?, Int32) -> Int32
  let columnInt64: @convention(c) (Handle?, Int32) -> Int64
  let columnDouble: @convention(c) (Handle?, Int32) -> Double
  let columnText: @convention(c) (Handle?, Int32) -> UnsafePointer<UInt8>?
  let columnBytes: @convention(c) (Handle?, Int32) -> Int32
  let changes: @convention(c) (Handle?) -> Int32
  let lastInsertRowID: @convention(c) (Handle?) -> Int64
  let libraryVersion: @convention(c) () -> UnsafePointer<CChar>?

  /// `SQLITE_TRANSIENT`: SQLite copies the bound text before the call returns.
  static let transient = -1

  /// The library, or why it could not be loaded (the same answer for the life of the process).
  static let shared: Result<SQLiteLibrary, SQLiteError> = load(candidates: candidateNames)

  /// Where the library is on each system: the versioned name first (the unversioned one exists only with the
  /// development package on Linux).
  static var candidateNames: [String] {
    #if canImport(Darwin)
      ["/usr/lib/libsqlite3.dylib", "libsqlite3.dylib"]
    #else
      ["libsqlite3.so.0", "libsqlite3.so"]
    #endif
  }

  /// Opens the first of `candidates` that loads and reads the functions from it.
  static func load(candidates: [String]) -> Result<SQLiteLibrary, SQLiteError> {
    var reasons: [String] = []
    for name in candidates {
      guard let handle = dlopen(name, RTLD_NOW | RTLD_LOCAL) else {
        reasons.append(dlerror().map { String(cString: $0) } ?? "\(name): not found")
        continue
      }
      do {
        return .success(try SQLiteLibrary(handle: handle))
      } catch {
        reasons.append("\(name): \(error.message)")
        dlclose(handle)
      }
    }
    return .failure(
      SQLiteError(
        code: -1,
        message: "the SQLite library could not be loaded (tried \(candidates.joined(separator: ", ")): "
          + reasons.joined(separator: "; ") + "). Install SQLite 3 (on Debian or Ubuntu: apt install libsqlite3-0)."))
  }

  private init(handle: UnsafeMutableRawPointer) throws(SQLiteError) {
    func symbol<Function>(_ name: String, as type: Function.Type) throws(SQLiteError) -> Function {
      guard let address = dlsym(handle, name) else {
        throw SQLiteError(code: -1, message: "\(name) is missing from the library")
      }
      return unsafeBitCast(address, to: type)
    }
    open = try symbol("sqlite3_open_v2", as: type(of: open))
    close = try symbol("sqlite3_close_v2", as: type(of: close))
    errorMessage = try symbol("sqlite3_errmsg", as: type(of: errorMessage))
    extendedErrorCode = try symbol("sqlite3_extended_errcode", as: type(of: extendedErrorCode))
    busyTimeout = try symbol("sqlite3_busy_timeout", as: type(of: busyTimeout))
    prepare = try symbol("sqlite3_prepare_v2", as: type(of: prepare))
    step = try symbol("sqlite3_step", as: type(of: step))
    reset = try symbol("sqlite3_reset", as: type(of: reset))
    clearBindings = try symbol("sqlite3_clear_bindings", as: type(of: clearBindings))
    finalize = try symbol("sqlite3_finalize", as: type(of: finalize))
    bindInt64 = try symbol("sqlite3_bind_int64", as: type(of: bindInt64))
    bindDouble = try symbol("sqlite3_bind_double", as: type(of: bindDouble))
    bindText = try symbol("sqlite3_bind_text", as: type(of: bindText))
    bindNull = try symbol("sqlite3_bind_null", as: type(of: bindNull))
    bindParameterCount = try symbol("sqlite3_bind_parameter_count", as: type(of: bindParameterCount))
    columnCount = try symbol("sqlite3_column_count", as: type(of: columnCount))
    columnType = try symbol("sqlite3_column_type", as: type(of: columnType))
    columnInt64 = try symbol("sqlite3_column_int64", as: type(of: columnInt64))
    columnDouble = try symbol("sqlite3_column_double", as: type(of: columnDouble))
    columnText = try symbol("sqlite3_column_text", as: type(of: columnText))
    columnBytes = try symbol("sqlite3_column_bytes", as: type(of: columnBytes))
    changes = try symbol("sqlite3_changes", as: type(of: changes))
    lastInsertRowID = try symbol("sqlite3_last_insert_rowid", as: type(of: lastInsertRowID))
    libraryVersion = try symbol("sqlite3_libversion", as: type(of: libraryVersion))
  }
}

/// SQLite's result codes this module tells apart.
enum SQLiteCode {
  static let ok: Int32 = 0
  static let row: Int32 = 100
  static let done: Int32 = 101
  static let constraint: Int32 = 19
  static let busy: Int32 = 5
  static let integer: Int32 = 1
  static let float: Int32 = 2
  static let text: Int32 = 3
  static let null: Int32 = 5
  /// `SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX`: one connection used by one thread at a time.
  static let openReadWriteCreate: Int32 = 0x0000_0002 | 0x0000_0004 | 0x0000_8000
  /// `SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX`.
  static let openReadOnly: Int32 = 0x0000_0001 | 0x0000_8000
  /// `SQLITE_OPEN_URI`: the path is a `file:` URI, whose parameters (`immutable=1`) apply.
  static let openURI: Int32 = 0x0000_0040
}

extension SQLiteDatabase {
  /// Why the library would not load from `candidates` (nil if it does): how a machine without SQLite is told.
  package static func loadingError(candidates: [String]) -> SQLiteError? {
    if case let .failure(error) = SQLiteLibrary.load(candidates: candidates) { return error }
    return nil
  }
}
