import Composable
import ComposableDebugger
import Foundation
import Testing
import UserClientInterface
import UserClientTesting
import UsersShell

/// `--print-changes`, `--record` and `--replay` on real sessions.
@MainActor struct DebuggingOptionsTests {
  @Test func printChangesShowsEachActionAndTheStateItChanged() async throws {
    let folder = TemporaryFolder()
    try folder.seed([User.ada, User.grace])
    let run = await runShell(["--data-dir", folder.url.path, "--print-changes"], input: ["sort city"])
    #expect(run.exitCode == 0)
    #expect(
      run.output.contains(
        """
        > sort city
        received action:
          AppFeature.Action.list(.sortChanged(.city))
          AppFeature.State(
            list: UserList.State(
              shown: UserPage(…),
              shownQuery: UserQuery(…),
              status: .loaded,
              query: "",
              appliedQuery: "",
              favorites: #1 Set([]),
              preferences: #2 Preferences(
        -       sortOrder: .name,
        +       sortOrder: .city,
                searchField: .any,
                display: .detailed,
                onboardingCompleted: true
              ),
              errorMessage: nil,
              alert: nil,
              page: 1,
              rowsPerPage: 20,
              isOutdated: false
            ),
            path: StackState(),
            destination: nil,
            error: nil,
            pendingRetry: nil,
            preferences: #2 Preferences(
        -     sortOrder: .name,
        +     sortOrder: .city,
              searchField: .any,
              display: .detailed,
              onboardingCompleted: true
            )
          )
        received action:
          AppFeature.Action.list(.pageLoaded(UserQuery(search: "", field: .any, order: .city, offset: 0, limit: 20, countLimit: 10000), UserPage(users: [User(id: 1, name: "Ada Lovelace", email: "ada@example.com", city: "London"), User(id: 2, name: "Grace Hopper", email: "grace@example.com", city: "New York")], offset: 0, matching: 2, matchingIsExact: true, total: 2)))
          AppFeature.State(
            list: UserList.State(
              shown: UserPage(…),
              shownQuery: UserQuery(
                search: "",
                field: .any,
        -       order: .name,
        +       order: .city,
                offset: 0,
                limit: 20,
                countLimit: 10000
              ),
              status: .loaded,
              query: "",
              appliedQuery: "",
              favorites: #1 Set([]),
              preferences: #2 Preferences(…),
              errorMessage: nil,
              alert: nil,
              page: 1,
              rowsPerPage: 20,
              isOutdated: false
            ),
            path: StackState(),
            destination: nil,
            error: nil,
            pendingRetry: nil,
            preferences: #2 Preferences(…)
          )
        Users (2 of 2, sorted by city)
        """))
  }

  @Test func aRecordedSessionReplaysToTheSameScreen() async throws {
    let folder = TemporaryFolder()
    try folder.seed([User.ada, User.grace, User.alan])
    try FileManager.default.createDirectory(atPath: folder.path("logs"), withIntermediateDirectories: true)
    let log = folder.path("logs/session.jsonl")
    let recorded = await runShell(
      ["--data-dir", folder.url.path, "--record", log], input: ["search a", "sort city", "fav 2", "open 1"])
    #expect(recorded.exitCode == 0)
    let lines = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n")
    #expect(lines.count >= 6)
    // The shared values it started from, then one line per action.
    let start = try #require(try recordingHeader(in: String(lines[0]), of: RecordingStart.self))
    #expect(start.sharedValues.values["data:favorites.json"] == "[]")
    #expect(start.sharedValues.values["data:settings.json"]?.contains("\"sortOrder\":\"name\"") == true)
    #expect(lines.dropFirst().allSatisfy { $0.hasPrefix("{") && $0.contains("\"action\"") })

    // Replaying needs no data: the recorded actions carry what the client answered.
    let empty = TemporaryFolder()
    try empty.seed([])
    let settingsBefore = empty.text("settings.json")
    let replayed = await runShell(["--data-dir", empty.url.path, "--replay", log], input: ["back"])
    #expect(replayed.exitCode == 0)
    let lastScreenRecorded = recorded.output.components(separatedBy: "> open 1\n").last
    #expect(replayed.output.hasPrefix(lastScreenRecorded ?? "?"))
    #expect(replayed.output.contains("> back\nUsers (3 of 3, search “a”, sorted by city)\n"))
    #expect(replayed.output.contains("★"))
    #expect(try empty.storedUsers() == [])
    // The recorded favorite and order show, and are not written into a folder that never had them.
    #expect(empty.text("favorites.json") == nil)
    #expect(empty.text("settings.json") == settingsBefore)

    // A folder that does not exist yet, at a terminal: the recorded screen, not the first-run tour, and the
    // recorded list, not a newly seeded one.
    let nothing = TemporaryFolder()
    let atTerminal = await runShell(
      ["--data-dir", nothing.path("new"), "--replay", log], input: ["back"], interactive: true,
      environment: ["NO_COLOR": "1"])
    #expect(atTerminal.exitCode == 0)
    #expect(atTerminal.output.hasPrefix(lastScreenRecorded ?? "?"))
    #expect(!atTerminal.output.contains("Welcome"))
    #expect(atTerminal.output.contains("users> Users (3 of 3, search “a”, sorted by city)\n"))
  }

  // The folder already holds the recording's changes: replaying toggled the favorite back and wrote it out.
  @Test func replayingOverTheRecordedFolderShowsTheRecordedScreenAndChangesNoDataFile() async throws {
    let folder = TemporaryFolder()
    try folder.seed([User.ada, User.grace, User.alan])
    let log = folder.path("session.jsonl")
    let recorded = await runShell(["--data-dir", folder.url.path, "--record", log], input: ["fav 1", "sort city"])
    #expect(recorded.exitCode == 0)
    let favorites = folder.text("favorites.json")
    let settings = folder.text("settings.json")
    #expect(favorites?.contains("1") == true)
    #expect(settings?.contains("city") == true)

    let replayed = await runShell(["--data-dir", folder.url.path, "--replay", log], input: ["help"])
    #expect(replayed.exitCode == 0)
    let lastScreenRecorded = recorded.output.components(separatedBy: "> sort city\n").last
    #expect(replayed.output.hasPrefix(lastScreenRecorded ?? "?"))
    #expect(replayed.output.contains("★ Ada Lovelace"))
    #expect(folder.text("favorites.json") == favorites)
    #expect(folder.text("settings.json") == settings)

    // Stepping through it from its first action is a replay too.
    let stepped = await runShell(
      ["--data-dir", folder.url.path, "--replay", log, "--step"], input: [":resume"], interactive: true,
      environment: ["NO_COLOR": "1"])
    #expect(stepped.exitCode == 0)
    #expect(folder.text("favorites.json") == favorites)
    #expect(folder.text("settings.json") == settings)
  }

  @Test func aDamagedRecordingIsRefusedNamingTheLine() async throws {
    let folder = TemporaryFolder()
    try folder.seed([User.ada])
    let log = folder.path("bad.jsonl")
    try "\n{\"time\": 1, \"action\": {\"list\": {\"fly\": {}}}}\n".write(toFile: log, atomically: true, encoding: .utf8)
    let run = await runShell(["--data-dir", folder.url.path, "--replay", log])
    #expect(run.exitCode == 1)
    #expect(run.errors.hasPrefix("users: \(log) is not a recording of this app: line 2: "))
    let missing = await runShell(["--data-dir", folder.url.path, "--replay", folder.path("none.jsonl")])
    #expect(missing.exitCode == 1)
    #expect(missing.errors.hasPrefix("users: cannot read the recording "))
  }

  @Test func recordingIntoAFolderIsRefusedBeforeTheSessionStarts() async throws {
    let folder = TemporaryFolder()
    try folder.seed([User.ada])
    let run = await runShell(["--data-dir", folder.url.path, "--record", folder.url.path], input: ["fav 1"])
    #expect(run.exitCode == 1)
    #expect(run.errors == "users: cannot record to \(folder.url.path): it is a folder.\n")
    #expect(run.output == "")
  }

  @Test func recordingIntoAMissingFolderIsRefusedAndCreatesNothing() async throws {
    let folder = TemporaryFolder()
    try folder.seed([User.ada])
    let log = folder.path("missing/dir/actions.jsonl")
    let run = await runShell(["--data-dir", folder.url.path, "--record", log], input: ["fav 1"])
    #expect(run.exitCode == 1)
    #expect(
      run.errors
        == "users: cannot record to \(log): the folder \(folder.path("missing/dir")) does not exist; create it first.\n"
    )
    #expect(run.output == "")
    #expect(!FileManager.default.fileExists(atPath: folder.path("missing")))
  }
}
