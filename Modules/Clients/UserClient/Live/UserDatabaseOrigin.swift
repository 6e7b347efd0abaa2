import SystemSQLite
import UserClientInterface

/// Whose a database file is, told before anything is written to it: a new (empty) file, this app's at some schema
/// version, or another program's, which the app must leave byte for byte.
///
/// This app's files carry SQLite's application id ('USRS') and their schema's version as the user version. The
/// files of the versions before the stamp (schema 0, the same tables) are recognised by their tables and stamped.
enum UserDatabaseOrigin: Equatable {
  /// No table yet: the app makes its own.
  case new
  /// This app's, at `version` of its schema.
  case ours(version: Int)

  /// The application id this app stamps its files with: 'USRS' in ASCII.
  static let applicationID = 0x5553_5253
  /// The schema this version of the app reads and writes; an earlier one is migrated, a later one refused.
  static let schemaVersion = 1
  /// The statements that mark a file as this app's, at this schema.
  static var stamp: String { "PRAGMA application_id = \(applicationID); PRAGMA user_version = \(schemaVersion);" }

  /// The columns of the users' table, in order, in every schema this app has shipped.
  private static let userColumns = [
    "id", "name", "email", "city", "name_key", "email_key", "city_key", "email_identity",
  ]

  /// Whose `database` is; throws `ForeignDatabase` for another program's (or a later version's) file.
  static func of(_ database: SQLiteDatabase) throws -> UserDatabaseOrigin {
    let applicationID = try database.firstRow("PRAGMA application_id") { $0.int(0) } ?? 0
    let version = try database.firstRow("PRAGMA user_version") { $0.int(0) } ?? 0
    let tables = try database.rows(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name"
    ) { $0.text(0) }
    if applicationID == Self.applicationID {
      guard version <= schemaVersion else {
        throw ForeignDatabase(
          isNewerVersion: true,
          reason: "it was made by a later version of users (schema \(version); this one reads \(schemaVersion))")
      }
      return .ours(version: version)
    }
    if applicationID == 0, tables.isEmpty { return .new }
    let columns = try database.rows("SELECT name FROM pragma_table_info('users') ORDER BY cid") { $0.text(0) }
    if applicationID == 0, columns == userColumns, tables.contains("users_count") { return .ours(version: 0) }
    let shown = tables.prefix(5).joined(separator: ", ") + (tables.count > 5 ? ", …" : "")
    let found =
      applicationID != 0
      ? "another program's application id \(applicationID)"
      : tables.isEmpty ? "no tables" : "the tables \(shown)"
    throw ForeignDatabase(
      isNewerVersion: false, reason: "it is a SQLite database of another program, with \(found)")
  }

  /// Brings this app's file from schema `version` to this one's (in the caller's transaction).
  static func migrate(_ database: SQLiteDatabase, from version: Int) throws {
    // Schema 0 had the same tables, without the stamp.
    if version == 0 { try database.execute(stamp) }
  }
}

/// A database file that is not this app's to open: another program's, or one a later version made.
struct ForeignDatabase: Error, Equatable {
  /// Whether a later version of this app made it (it is then left where it is, and refused).
  let isNewerVersion: Bool
  /// What was found, for the user.
  let reason: String
}
