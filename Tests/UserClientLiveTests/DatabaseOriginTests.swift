import Foundation
import SystemSQLite
import Testing
import UserClientInterface
import UserClientLive

/// A `users.db` the app did not make, or made at another schema: told apart before anything is written to it.
struct DatabaseOriginTests {
  private let directory = FileManager.default.temporaryDirectory
    .appendingPathComponent("DatabaseOriginTests-\(UUID().uuidString)")
  private var database: URL { directory.appendingPathComponent("users.db") }

  private func cleanUp() { try? FileManager.default.removeItem(at: directory) }

  /// Makes `users.db` with `sql` run in it (another program's tables), closed before the app opens it.
  private func makeDatabase(_ sql: String) throws {
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    try SQLiteDatabase(path: database.path).execute(sql)
  }

  private func stamp(of url: URL) throws -> (applicationID: Int, version: Int) {
    let database = try SQLiteDatabase(path: url.path, readOnly: true)
    let id = try database.firstRow("PRAGMA application_id") { $0.int(0) } ?? -1
    let version = try database.firstRow("PRAGMA user_version") { $0.int(0) } ?? -1
    return (id, version)
  }

  @Test(arguments: [
    "CREATE TABLE notes(id INTEGER PRIMARY KEY, body TEXT); INSERT INTO notes(body) VALUES ('keep me');",
    "CREATE TABLE users(id INTEGER PRIMARY KEY, login TEXT); INSERT INTO users(login) VALUES ('root');",
  ])
  func anotherProgramsDatabaseIsMovedAsideByteForByteAndSaid(sql: String) async throws {
    defer { cleanUp() }
    try makeDatabase(sql)
    let original = try Data(contentsOf: database)
    let client = UserClient.live(directory: directory)
    do {
      _ = try await client.load()
      Issue.record("the first read must say what was found and done")
    } catch let UserClientError.corruptFile(path, movedTo, reason) {
      #expect(path == database.path)
      #expect(movedTo == database.path + ".foreign")
      #expect(reason.hasPrefix("it is a SQLite database of another program, with the tables "))
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: database.path + ".foreign")) == original, "byte for byte")
    // The directory goes on, empty, in a file of its own.
    #expect(try await client.load() == [])
    #expect(try stamp(of: database) == (0x5553_5253, 1))
  }

  @Test func aDirectoryOfTheUnstampedSchemaIsReadAndStamped() async throws {
    defer { cleanUp() }
    let added = try await UserClient.live(directory: directory).add(NewUser(name: "Old", email: "old@example.com"))
    // As the versions before the stamp left it: the same tables, no application id, user version 0.
    try SQLiteDatabase(path: database.path).execute("PRAGMA application_id = 0; PRAGMA user_version = 0;")
    #expect(try stamp(of: database) == (0, 0))
    let users = try await UserClient.live(directory: directory).load()
    #expect(users.contains(added))
    #expect(try stamp(of: database) == (0x5553_5253, 1))
    #expect(!FileManager.default.fileExists(atPath: database.path + ".foreign"))
  }

  @Test func aDirectoryOfALaterSchemaIsRefusedAndLeftAsItIs() async throws {
    defer { cleanUp() }
    _ = try await UserClient.live(directory: directory).add(NewUser(name: "Future", email: "future@example.com"))
    try SQLiteDatabase(path: database.path).execute("PRAGMA user_version = 7;")
    let before = try Data(contentsOf: database)
    for _ in 0..<2 {
      do {
        _ = try await UserClient.live(directory: directory).load()
        Issue.record("a later schema must be refused")
      } catch let UserClientError.io(path, reason) {
        #expect(path == database.path)
        #expect(reason == "it was made by a later version of users (schema 7; this one reads 1); it was left as it is")
      }
    }
    #expect(try Data(contentsOf: database) == before)
    #expect(!FileManager.default.fileExists(atPath: database.path + ".foreign"))
  }
}
