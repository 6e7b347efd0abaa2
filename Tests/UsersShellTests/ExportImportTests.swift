import Foundation
import SystemSQLite
import Testing
import UserClientInterface
import UserClientTesting
import UsersShell

/// `users export FILE` and `users import FILE`: a directory moved, diffed and seeded through the JSON of
/// earlier versions' users.json.
@MainActor struct ExportImportTests {
  @Test func anExportImportedIntoANewFolderIsTheSameDirectory() async throws {
    let from = TemporaryFolder()
    try from.seed([User.ada, User.grace, User(id: 9, name: "Zoë “Z” 中", email: "z@example.com", city: "Tab\tCity")])
    let file = from.path("export.json")
    let export = await runShell(["export", file, "--data-dir", from.url.path])
    #expect(export.exitCode == 0)
    #expect(export.errors == "users: exported 3 users to \(file).\n")
    // The format of users.json: one user a line, in id order.
    let text = try #require(from.text("export.json"))
    #expect(text.split(separator: "\n").count == 5)
    #expect(text.contains(#"{"city":"London","email":"ada@example.com","id":1,"name":"Ada Lovelace"}"#))
    // To standard output, the same text.
    let printed = await runShell(["export", "-", "--data-dir", from.url.path])
    #expect(printed.output == text)
    #expect(printed.errors == "")

    let to = TemporaryFolder()
    let imported = await runShell(["import", file, "--data-dir", to.url.path])
    #expect(imported.exitCode == 0)
    #expect(imported.errors == "users: imported 3 users from \(file).\n")
    #expect(try to.storedUsers() == from.storedUsers())
  }

  @Test func anExportOfAnotherProgramsDatabaseSaysWhatItFoundAndKeepsTheFileAsItWas() async throws {
    let folder = TemporaryFolder()
    let database = folder.path("users.db")
    try SQLiteDatabase(path: database).execute(
      "CREATE TABLE notes(id INTEGER PRIMARY KEY, body TEXT); INSERT INTO notes(body) VALUES ('mine');")
    let original = try Data(contentsOf: URL(fileURLWithPath: database))
    let export = await runShell(["export", "-", "--data-dir", folder.url.path])
    #expect(export.exitCode == 1)
    #expect(export.output == "")
    #expect(
      export.errors
        == "users: nothing was exported: The users file \(database) could not be read (it is a SQLite database of "
        + "another program, with the tables notes); it was kept at \(database).foreign.\n")
    #expect(try Data(contentsOf: URL(fileURLWithPath: database + ".foreign")) == original)
  }

  @Test func anExportOfTheSchemaEarlierVersionsShippedExportsEveryUser() async throws {
    let folder = TemporaryFolder()
    try folder.seed([User.ada, User.grace])
    #expect(await runShell(["--data-dir", folder.url.path], input: ["quit"]).exitCode == 0)
    // As the versions before the stamp left users.db: the same tables, no application id, user version 0.
    try SQLiteDatabase(path: folder.path("users.db")).execute("PRAGMA application_id = 0; PRAGMA user_version = 0;")
    let export = await runShell(["export", "-", "--data-dir", folder.url.path])
    #expect(export.exitCode == 0)
    #expect(export.errors == "")
    #expect(export.output.contains(#""name":"Ada Lovelace""#))
    #expect(export.output.contains(#""name":"Grace Hopper""#))
    #expect(!FileManager.default.fileExists(atPath: folder.path("users.db.foreign")))
  }

  @Test func anImportThatWouldOverwriteWritesNothingUnlessItReplaces() async throws {
    let folder = TemporaryFolder()
    try folder.seed([User.ada, User.grace])
    _ = await runShell(["--data-dir", folder.url.path], input: ["quit"])
    let file = folder.path("incoming.json")
    try Data(
      #"[{"id":2,"name":"Grace B","email":"gb@example.com","city":""},{"id":3,"name":"Copy","email":"ADA@example.com","city":""}]"#
        .utf8
    ).write(to: URL(fileURLWithPath: file))
    let refused = await runShell(["import", file, "--data-dir", folder.url.path])
    #expect(refused.exitCode == 1)
    #expect(
      refused.errors
        == "users: Nothing was imported: 1 of its ids are already used (2); 1 of its emails are taken "
        + "(ADA@example.com is Ada Lovelace's). 'users import FILE --replace' replaces the directory with the file "
        + "instead.\n")
    #expect(try folder.storedUsers() == [User.ada, User.grace])
    let replaced = await runShell(["import", file, "--replace", "--data-dir", folder.url.path])
    #expect(replaced.exitCode == 0)
    #expect(replaced.errors == "users: replaced the directory's users with 2 users from \(file).\n")
    #expect(try folder.storedUsers().map(\.name) == ["Grace B", "Copy"])
  }

  @Test func badRecordsAreLeftOutAndSaidAndAFileThatIsNoListWritesNothing() async throws {
    let folder = TemporaryFolder()
    let file = folder.path("mixed.json")
    try Data(#"[{"id":5,"name":"Ok","email":"ok@example.com","city":""},{"id":6,"name":"No email"}]"#.utf8)
      .write(to: URL(fileURLWithPath: file))
    let run = await runShell(["import", file, "--data-dir", folder.url.path])
    #expect(run.exitCode == 0)
    #expect(
      run.errors
        == "users: mixed.json: record 2 was not imported: the field 'email' is missing.\n"
        + "users: imported 1 user from \(file).\n")
    // Into a new folder, the file's users alone: not the sample users a first run gets.
    #expect(try folder.storedUsers().map(\.id) == [5])

    try Data("not json".utf8).write(to: URL(fileURLWithPath: folder.path("bad.json")))
    let bad = await runShell(["import", folder.path("bad.json"), "--data-dir", folder.url.path])
    #expect(bad.exitCode == 1)
    #expect(bad.errors.hasPrefix("users: \(folder.path("bad.json")) is not a list of users: "))
    let missing = await runShell(["import", folder.path("none.json"), "--data-dir", folder.url.path])
    #expect(missing.exitCode == 1)
    #expect(missing.errors.contains("does not exist"))
    #expect(try folder.storedUsers().map(\.id) == [5])
  }

  @Test func theCommandLineOfExportAndImportIsChecked() async {
    for (arguments, message) in [
      (["export"], "'users export' needs a file: users export FILE."),
      (["import", "--replace"], "'users import' needs a file: users import FILE."),
      (["export", "a.json", "--fresh"], "--fresh has no meaning for 'users export' or 'users import'."),
      (["export", "a.json", "--replace"], "--replace goes with 'users import FILE'."),
      (["--replace"], "--replace goes with 'users import FILE'."),
    ] {
      let run = await runShell(arguments)
      #expect(run.exitCode == 2, "\(arguments)")
      #expect(run.errors == "users: \(message)\n", "\(arguments)")
    }
  }
}
