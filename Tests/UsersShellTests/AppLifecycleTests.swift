import AnalyticsClientLive
import Foundation
import Testing
import UserClientInterface
import UserClientTesting
import UsersShell

/// The first run's tour, analytics, restoring the last session, and bad settings or session files.
@MainActor struct AppLifecycleTests {
  @Test func theFirstRunAtATerminalShowsTheTourWhichRealCommandsCompleteAndTheNextRunDoesNot() async throws {
    let folder = TemporaryFolder()
    try folder.seed([User.ada, User.grace, User.alan], firstRun: true)
    let first = await runShell(
      ["--data-dir", folder.url.path], input: ["search grace", "open 1", "fav 1", "done"], interactive: true,
      environment: ["NO_COLOR": "1"])
    #expect(first.exitCode == 0)
    #expect(first.errors == "")
    #expect(
      first.output.hasPrefix(
        """
        Welcome to the users directory  ('skip' leaves the tour)
        Step 1 of 3: search for a user, for example 'search ada'.

        Users (3 of 3, sorted by name)
        """))
    #expect(first.output.contains("users> Welcome to the users directory  ('skip' leaves the tour)\nStep 2 of 3"))
    #expect(
      first.output.contains(
        "users> Welcome to the users directory  ('skip' leaves the tour)\nStep 3 of 3: That opens Grace Hopper's details in the app."
      ))
    #expect(first.output.contains("users> Welcome to the users directory  ('skip' leaves the tour)\nAll done!"))
    #expect(
      first.output.hasSuffix(
        """
        users> Users (3 of 3, sorted by name)
        1.   Ada Lovelace <ada@example.com> · London
        2.   Alan Turing <alan@example.com> · Manchester
        3. ★ Grace Hopper <grace@example.com> · New York
        users> 
        """))
    #expect(folder.text("settings.json")?.contains(#""onboardingCompleted" : true"#) == true)

    let second = await runShell(["--data-dir", folder.url.path], input: [], interactive: true)
    #expect(second.output.hasPrefix("Users (3 of 3, sorted by name)"))
    #expect(!second.output.contains("Welcome"))
  }

  @Test func scriptsStartOnTheListInANewFolderAndLeaveTheTourForLater() async throws {
    let folder = TemporaryFolder()
    try folder.seed([User.ada], firstRun: true)
    let scripted = await runShell(["--data-dir", folder.url.path], input: ["open 1"])
    #expect(scripted.exitCode == 0)
    #expect(scripted.output.hasPrefix("Users (1 of 1, sorted by name)\n"))
    #expect(!scripted.output.contains("Welcome"))
    let person = await runShell(["--data-dir", folder.url.path, "--fresh"], interactive: true)
    #expect(person.output.hasPrefix("Welcome to the users directory"))
  }

  @Test func skippingTheTourAlsoSavesIt() async throws {
    let folder = TemporaryFolder()
    try folder.seed([User.ada], firstRun: true)
    let run = await runShell(
      ["--data-dir", folder.url.path], input: ["skip"], interactive: true, environment: ["NO_COLOR": "1"])
    #expect(
      run.output.hasSuffix(
        "users> Users (1 of 1, sorted by name)\n1.   Ada Lovelace <ada@example.com> · London\nusers> "))
    #expect(!(await runShell(["--data-dir", folder.url.path], interactive: true)).output.contains("Welcome"))
  }

  @Test func theAnalyticsLogHasExactlyTheSessionsEventsAndNoneWithNoAnalytics() async throws {
    let script = [
      "open 1", "back", "settings", "sort city", "display compact", "done", "add", "name Hedy Lamarr",
      "email hedy@example.com", "save", "quit",
    ]
    let folder = TemporaryFolder()
    try folder.seed([User.ada, User.grace])
    let run = await runShell(["--data-dir", folder.url.path], input: script)
    #expect(run.exitCode == 0)
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    let lines = try #require(folder.text("analytics.jsonl")).split(separator: "\n")
    let events = try lines.map { try decoder.decode(AnalyticsLine.self, from: Data($0.utf8)) }
    #expect(
      events.map(\.event) == [
        "app_started", "user_opened", "settings_opened", "setting_changed", "setting_changed", "add_form_opened",
        "user_added",
      ])
    #expect(
      events.map(\.properties) == [
        [:], ["id": "1"], [:], ["sort": "city"], ["display": "compact"], [:], ["id": "3"],
      ])

    let quiet = TemporaryFolder()
    try quiet.seed([User.ada, User.grace])
    let unrecorded = await runShell(["--data-dir", quiet.url.path, "--no-analytics"], input: script)
    #expect(unrecorded.exitCode == 0)
    #expect(unrecorded.output == run.output)
    #expect(quiet.text("analytics.jsonl") == nil)
  }

  @Test func aDetailQuitDuringItsLoadIsRestoredAndLoads() async throws {
    let folder = TemporaryFolder()
    try folder.seed([User.ada, User.grace])
    // Leave the app on Ada's screen.
    _ = await runShell(["--data-dir", folder.url.path], input: ["open 1"])
    // The restored screen loads Ada again, slowly; quit while that load is in flight.
    let interrupted = await runShell(
      ["--data-dir", folder.url.path, "--latency", "3000", "--wait", "100"], input: ["quit"])
    #expect(interrupted.output == "(still working in the background)\nUser #1\nLoading…\n> quit\n")
    let saved = try #require(folder.text("session.json"))
    #expect(!saved.contains("loading"), "a load in flight is saved as idle")
    #expect(saved.contains(#""status":{"idle":{}}"#))
    // Meanwhile the user changes elsewhere, so only a fresh load can show the new name.
    try folder.saveStored(User(id: 1, name: "Ada King", email: "ada@example.com", city: "London"))
    let restored = await runShell(["--data-dir", folder.url.path], input: ["back"])
    #expect(restored.errors == "")
    #expect(restored.output.hasPrefix("Ada King\n  email: ada@example.com"))
    #expect(restored.output.contains("> back\nUsers (2 of 2, sorted by name)\n1.   Ada King"))
    // --fresh starts on the list.
    let fresh = await runShell(["--data-dir", folder.url.path, "--fresh"])
    #expect(fresh.output.hasPrefix("Users (2 of 2, sorted by name)"))
  }

  // A session another version saved: the detail screen's presented form in the shape it had before
  // UserDetail's Destination (`edit` beside `alert`, no `destination`).
  @Test func aSessionSavedInAnotherShapeIsRestoredAsFarAsItCanBeRead() async throws {
    let folder = TemporaryFolder()
    try folder.seed([User.ada, User.grace])
    _ = await runShell(["--data-dir", folder.url.path], input: ["open 1"])
    let saved = try #require(folder.text("session.json"))
    let older = saved.replacingOccurrences(of: #""destination":null,"id":1"#, with: #""edit":{"name":"Ada"},"id":1"#)
    #expect(older != saved)
    try Data(older.utf8).write(to: folder.url.appendingPathComponent("session.json"))

    let run = await runShell(["--data-dir", folder.url.path], input: ["back"])
    #expect(run.exitCode == 0)
    #expect(
      run.errors.hasPrefix(
        "users: The last session was restored in part: path.elements.0.detail._0.destination could not be read"))
    #expect(run.output.hasPrefix("Ada Lovelace\n  email: ada@example.com"))
    #expect(run.output.contains("> back\nUsers (2 of 2, sorted by name)"))
    #expect(folder.text("session.json.unread") == older)

    // An unknown screen at the top is dropped the same way; the list under it stays as saved.
    let unknown =
      #"{"destination":{"gone":{}},"error":null,"#
      + #""list":{"alert":null,"appliedQuery":"gr","query":"gr","status":{"idle":{}}},"#
      + #""path":{"elements":[],"ids":[],"nextID":0}}"#
    try Data(unknown.utf8).write(to: folder.url.appendingPathComponent("session.json"))
    let second = await runShell(["--data-dir", folder.url.path])
    #expect(second.errors.contains("restored in part: destination could not be read"))
    #expect(second.output.hasPrefix("Users (1 of 2, search “gr”, sorted by name)"))

    // A pushed screen of an unknown kind goes, with the screens above it; the one under it stays.
    let pushed = saved.replacingOccurrences(of: #""elements":[{"detail""#, with: #""elements":[{"gone":{}},{"detail""#)
      .replacingOccurrences(of: #""ids":[0],"nextID":1"#, with: #""ids":[0,1],"nextID":2"#)
    #expect(pushed != saved)
    try Data(pushed.utf8).write(to: folder.url.appendingPathComponent("session.json"))
    let third = await runShell(["--data-dir", folder.url.path])
    #expect(third.errors.contains("restored in part: path.elements.0 onwards could not be read"))
    #expect(third.output.hasPrefix("Users (2 of 2, sorted by name)"))
  }

  @Test func aDamagedSessionFileIsKeptAsideAndTheAppStartsOnTheList() async throws {
    let folder = TemporaryFolder()
    try folder.seed([User.ada])
    try Data("{\"path\": 3".utf8).write(to: folder.url.appendingPathComponent("session.json"))
    let run = await runShell(["--data-dir", folder.url.path])
    #expect(run.exitCode == 0)
    #expect(run.errors.hasPrefix("users: The last session could not be restored ("))
    #expect(run.errors.contains("session.json.corrupt"))
    #expect(run.output.hasPrefix("Users (1 of 1, sorted by name)"))
    #expect(folder.text("session.json.corrupt") == "{\"path\": 3")
  }

  @Test func aCorruptSettingsFileFallsBackToDefaultsWithANoticeAndIsKeptAside() async throws {
    let folder = TemporaryFolder()
    try folder.seed([User.ada], firstRun: true)
    try Data("sort=city".utf8).write(to: folder.url.appendingPathComponent("settings.json"))
    // The users file shows the folder is in use: lost settings do not restart the tour.
    let run = await runShell(["--data-dir", folder.url.path], input: ["settings"])
    #expect(run.exitCode == 0)
    #expect(!run.output.contains("Welcome to the users directory"))
    #expect(
      run.output.contains(
        "Settings\n  sort:         name\n  search-field: any\n  display:      detailed\n  tour:         done"))
    #expect(run.errors.hasPrefix("users: settings.json: The saved data could not be read"))
    #expect(run.output.contains("Settings\n  sort:         name"))
    #expect(run.errors.contains("The unreadable file was kept at \(folder.path("settings.json.corrupt"))"))
    // The settings were saved again since (the tour is done): the settings screen still says the file was set
    // aside, and where, for as long as the session runs.
    let settingsScreen = try #require(run.output.components(separatedBy: "> settings").last)
    #expect(settingsScreen.contains("could not be read"))
    #expect(settingsScreen.contains(folder.path("settings.json.corrupt")))
    #expect(folder.text("settings.json.corrupt") == "sort=city")
  }

  @Test func theAboutScreenReportsTheDataFilesAndWritesTheReport() async throws {
    let folder = TemporaryFolder()
    try folder.seed([User.ada])
    let run = await runShell(["--data-dir", folder.url.path], input: ["info", "report", "done"])
    #expect(run.exitCode == 0)
    #expect(run.output.contains("> info\nAbout\n  users 0.6.0 ("))
    #expect(run.output.contains("    users: \(folder.path("users.db")) ("))
    #expect(run.output.contains("Report written to \(folder.path("environment-report.txt"))"))
    let report = try #require(folder.text("environment-report.txt"))
    #expect(report.hasPrefix("users 0.6.0 ("))
    #expect(report.contains("Swift:    6."))
  }

  @Test func aBadRecordOfAnImportedFileIsReportedAndKeptInTheImportedFile() async throws {
    let folder = TemporaryFolder()
    try folder.seed([])
    let records =
      #"[{"id":1,"name":"Ada Lovelace","email":"ada@example.com","city":"London"},"#
      + #"{"id":2,"name":"Grace Hopper","email":"grace@example.com"},"#
      + #"{"id":3,"name":"Alan Turing","email":"alan@example.com","city":"Manchester"}]"#
    try Data(records.utf8).write(to: folder.url.appendingPathComponent("users.json"))
    let run = await runShell(["--data-dir", folder.url.path], input: ["open 2", "edit", "city Cambridge", "save"])
    #expect(run.exitCode == 0)
    #expect(
      run.errors
        == "users: users.json: record 2 was not imported: the field 'city' is missing. "
        + "users.json.imported keeps it as it was.\n")
    #expect(run.output.hasPrefix("Users (2 of 2, sorted by name)\n1.   Ada Lovelace"))
    #expect(run.output.contains("> save\nAlan Turing\n  email: alan@example.com\n  city:  Cambridge\n"))
    #expect(!FileManager.default.fileExists(atPath: folder.path("users.json.corrupt")))
    #expect(try folder.storedUsers().map(\.name) == ["Ada Lovelace", "Alan Turing"])
    // The imported file is kept as it was, Grace's record with it, for a person to fix and import.
    #expect(!FileManager.default.fileExists(atPath: folder.path("users.json")))
    #expect(folder.text("users.json.imported") == records)
    // It is imported once: the next start reads the database and reports nothing.
    let again = await runShell(["--data-dir", folder.url.path])
    #expect(again.errors == "")
  }
}
