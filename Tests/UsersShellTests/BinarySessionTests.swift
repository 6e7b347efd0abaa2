import Foundation
import Testing
import UserClientInterface
import UserClientLive
import UserClientTesting

/// Whole sessions of the built `users` binary, of the configuration under test: `swift test -c release`
/// drives the release binary, which is what users install (its optimizer once crashed every dismissal
/// while the debug build passed). Every screen is opened, used and closed; the data files are checked after.
@MainActor struct BinarySessionTests {
  /// What the binary says its build is; proves the suite drives the configuration it was built in.
  private static var configuration: String {
    #if DEBUG
      "debug"
    #else
      "release"
    #endif
  }

  @Test func aFreshDataFolderStartsOnTheListAndUsesEveryScreen() async throws {
    let folder = TemporaryFolder()
    let data = folder.url.appendingPathComponent("data")
    // A folder where the report file should go makes writing the report fail: the error screen.
    try FileManager.default.createDirectory(
      at: data.appendingPathComponent("environment-report.txt"), withIntermediateDirectories: true)

    let run = try await runUsersExecutable(
      ["--data-dir", data.path],
      commands: [
        // Piped commands start on the list even in a new folder (the tour is for a person at a terminal).
        "search ada", "open 1", "fav", "back", "search",
        // Detail: favorite, edit and save (the form dismisses itself from its effect), the delete alert cancelled.
        "open 2", "fav", "edit", "name Ada King", "city Cambridge", "save", "delete", "cancel", "back",
        // Add a user, then delete it through the alert (the detail pops itself).
        "add", "name Test Person", "email test@example.com", "city Oslo", "save", "delete", "delete",
        // Settings, presented and closed.
        "sort city", "settings", "display compact", "search-field email", "done",
        // About, its failing report, the error screen's retry and dismissal.
        "info", "report", "retry", "dismiss", "report", "back", "done",
        "quit",
      ])

    #expect(run.exitCode == 0, "\(run.errors)")
    #expect(run.errors == "")
    #expect(!run.output.contains("Welcome"))
    #expect(run.output.hasPrefix("Users (36 of 36, sorted by name)\n"))
    #expect(run.output.contains("> save\nAda King ★\n  email: ada.lovelace@example.com\n  city:  Cambridge\n"))
    #expect(run.output.contains("> delete\nAda King ★\n"))
    #expect(run.output.contains("! Delete Ada King?"))
    #expect(run.output.contains("> cancel\nAda King ★\n"))
    #expect(run.output.contains("> save\nTest Person\n  email: test@example.com\n  city:  Oslo\n"))
    #expect(run.output.contains("! Delete Test Person?"))
    #expect(run.output.contains("> delete\nUsers (36 of 36, sorted by name)\n"))
    #expect(run.output.contains("> done\nUsers (36 of 36, sorted by city)\n"))
    #expect(run.output.contains("users 0.6.0 (\(Self.configuration))"))
    #expect(run.output.components(separatedBy: "Could not write the environment report.").count == 4)
    #expect(run.output.contains("> dismiss\nAbout\n"))
    #expect(run.output.hasSuffix("> quit\n"))

    let users = try UserDatabase(url: data.appendingPathComponent("users.db")).all()
    #expect(users.count == 36)
    #expect(
      users.first { $0.id == 1 } == User(id: 1, name: "Ada King", email: "ada.lovelace@example.com", city: "Cambridge"))
    #expect(!users.contains { $0.name == "Test Person" })
    let settings = try String(contentsOf: data.appendingPathComponent("settings.json"), encoding: .utf8)
    #expect(settings.contains(#""display" : "compact""#) || settings.contains(#""display":"compact""#))
  }

  @Test func aSeededDataFolderIsEditedAcrossTwoRunsWithTheSessionRestored() async throws {
    let folder = TemporaryFolder()
    try folder.seed([User.ada, User.grace])

    let first = try await runUsersExecutable(
      ["--data-dir", folder.url.path],
      commands: [
        "open 2", "delete", "delete",
        "add", "name Alan Turing", "email alan@example.com", "city Manchester", "save", "back",
        "open 1", "edit", "city Paris", "quit",
      ])
    #expect(first.exitCode == 0, "\(first.errors)")
    #expect(first.output.contains("! Delete Grace Hopper?"))
    #expect(
      first.output.contains(
        "> city Paris\nEdit user\n  name : Ada Lovelace\n  email: ada@example.com\n  city : Paris\n"))
    // The edit was not saved: the file still has London, and the session keeps the form as typed.
    #expect(try folder.storedUsers().map(\.name) == ["Ada Lovelace", "Alan Turing"])
    #expect(try folder.storedUsers().first?.city == "London")

    let second = try await runUsersExecutable(["--data-dir", folder.url.path], commands: ["save", "back", "quit"])
    #expect(second.exitCode == 0, "\(second.errors)")
    #expect(second.output.hasPrefix("Edit user\n  name : Ada Lovelace\n  email: ada@example.com\n  city : Paris\n"))
    #expect(second.output.contains("> save\nAda Lovelace\n  email: ada@example.com\n  city:  Paris\n"))
    #expect(second.output.contains("> back\nUsers (2 of 2, sorted by name)\n"))
    #expect(try folder.storedUsers().map(\.city) == ["Paris", "Manchester"])
  }
}
