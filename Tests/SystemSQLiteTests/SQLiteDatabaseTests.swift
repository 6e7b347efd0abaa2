import Foundation
import SystemSQLite
import Testing

/// The connection: statements with values, rows, transactions that land whole or not at all, and errors that say
/// what failed.
struct SQLiteDatabaseTests {
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sqlite-\(UUID().uuidString)")

  init() throws { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }

  func database(_ name: String = "test.db") throws -> SQLiteDatabase {
    try SQLiteDatabase(path: folder.appendingPathComponent(name).path)
  }

  @Test func writesAndReadsRowsWithBoundValues() throws {
    let db = try database()
    try db.execute("CREATE TABLE people(id INTEGER PRIMARY KEY, name TEXT NOT NULL, score REAL, note TEXT)")
    try db.run("INSERT INTO people(name, score, note) VALUES (?, ?, ?)", ["Zoë “quoted” 'x'", .real(1.5), .null])
    #expect(db.lastInsertedRowID == 1)
    try db.run("INSERT INTO people(name, score, note) VALUES (?, ?, ?)", ["Ann", 2, "n"])
    let rows = try db.rows("SELECT id, name, score, note FROM people ORDER BY id") {
      [$0.value(0), $0.value(1), $0.value(2), $0.value(3)]
    }
    #expect(rows == [[1, "Zoë “quoted” 'x'", .real(1.5), .null], [2, "Ann", .real(2), "n"]])
    #expect(try db.run("UPDATE people SET note = 'm'") == 2)
    #expect(try db.firstRow("SELECT name FROM people WHERE id = ?", [9]) { $0.text(0) } == nil)
  }

  @Test func aThrowInsideATransactionLeavesNothingWritten() throws {
    let db = try database()
    try db.execute("CREATE TABLE t(x INTEGER NOT NULL UNIQUE)")
    struct Planted: Error {}
    #expect(throws: Planted.self) {
      try db.transaction {
        try db.run("INSERT INTO t VALUES (1)")
        try db.transaction { try db.run("INSERT INTO t VALUES (2)") }
        throw Planted()
      }
    }
    #expect(try db.firstRow("SELECT count(*) FROM t") { $0.int(0) } == 0)
    try db.transaction { try db.run("INSERT INTO t VALUES (1)") }
    #expect(try db.firstRow("SELECT count(*) FROM t") { $0.int(0) } == 1)
  }

  @Test func errorsNameTheStatementAndTellConstraintsApart() throws {
    let db = try database()
    try db.execute("CREATE TABLE t(x INTEGER NOT NULL UNIQUE)")
    try db.run("INSERT INTO t VALUES (1)")
    let duplicate = #expect(throws: SQLiteError.self) { try db.run("INSERT INTO t VALUES (?)", [1]) }
    #expect(duplicate?.isConstraintViolation == true)
    #expect(duplicate?.message.contains("UNIQUE") == true)
    #expect(duplicate?.description.contains("INSERT INTO t") == true)
    let syntax = #expect(throws: SQLiteError.self) { try db.run("SELEC 1") }
    #expect(syntax?.isConstraintViolation == false)
    #expect(syntax?.message.contains("syntax error") == true)
    let arity = #expect(throws: SQLiteError.self) { try db.run("SELECT ?", []) }
    #expect(arity?.message == "0 values for 1 parameters")
  }

  @Test func aSecondConnectionSeesCommitsAndTheDataVersionMoves() throws {
    let writer = try database()
    #expect(try writer.enableWriteAheadLog())
    try writer.execute("CREATE TABLE t(x INTEGER)")
    let reader = try database()
    let before = try reader.dataVersion()
    try writer.run("INSERT INTO t VALUES (7)")
    #expect(try reader.dataVersion() != before)
    #expect(try reader.firstRow("SELECT x FROM t") { $0.int(0) } == 7)
  }

  @Test func aFileThatIsNotADatabaseIsRefusedWithAMessage() throws {
    let path = folder.appendingPathComponent("text.db")
    try Data(repeating: 0x41, count: 4096).write(to: path)
    let db = try SQLiteDatabase(path: path.path)
    let error = #expect(throws: SQLiteError.self) { try db.execute("SELECT * FROM sqlite_master") }
    #expect(error?.message.contains("not a database") == true)
  }

  @Test func aMissingLibraryIsSaidWithWhatWasTriedAndHowToInstallIt() throws {
    let error = try #require(SQLiteDatabase.loadingError(candidates: ["libsqlite3-missing.so.9"]))
    #expect(error.message.contains("libsqlite3-missing.so.9"))
    #expect(error.message.contains("Install SQLite 3"))
    #expect(SQLiteDatabase.loadingError(candidates: ["libsqlite3-missing.so.9"] + defaultCandidates) == nil)
    #expect(try SQLiteDatabase.libraryVersion().hasPrefix("3."))
  }

  private var defaultCandidates: [String] {
    #if canImport(Darwin)
      ["/usr/lib/libsqlite3.dylib"]
    #else
      ["libsqlite3.so.0"]
    #endif
  }
}
