import AppFeature
import Composable
import ComposableDebugger
import Foundation
import Testing
import UserClientInterface
import UserClientTesting
import UsersShell

/// The debugger in whole `users` sessions: the timeline over the real app, `--trace`, `--replay … --step`, and
/// the effects still running at the end.
@MainActor struct DebuggerSessionTests {
  @Test func theTimelineNamesTheAppsActionsByTheirPathInTheFeatureTree() async throws {
    let folder = TemporaryFolder()
    try folder.seed([User.ada, User.grace])
    let run = await runShell(
      ["--data-dir", folder.url.path, "--fresh"], input: ["open 2", "fav", ":timeline", ":diff 5", "quit"])
    #expect(run.exitCode == 0)
    let listing = run.output.components(separatedBy: "> :timeline\n").last ?? ""
    let rows = listing.split(separator: "\n").prefix(6).map(String.init)
    #expect(rows.count == 6)
    #expect(rows[0].hasSuffix("command          appStarted(interactive: false)"))
    #expect(rows[1].hasSuffix("command          list.task"))
    #expect(rows[2].contains("effect of #2     list.pageLoaded(UserQuery("))
    #expect(rows[3].hasSuffix("command          list.userTapped(2)"))
    #expect(rows[4].hasSuffix("sent by #4       list.delegate(.selected(2))"))
    #expect(rows[5].hasSuffix("command          path[id: 0].detail.favoriteToggled  (changed shared values)"))
    #expect(run.output.contains("> :diff 5\n#5 list.delegate(.selected(2)) (sent by #4) changed:\n"))
  }

  @Test func aTraceOfARealSessionNestsReducesInActionsAndEndsEveryEffect() async throws {
    let folder = TemporaryFolder()
    try folder.seed([User.ada, User.grace])
    let trace = folder.path("session.trace.json")
    let run = await runShell(
      ["--data-dir", folder.url.path, "--fresh", "--trace", trace], input: ["search gr", "open 1", "fav", "quit"])
    #expect(run.exitCode == 0)
    #expect(run.errors == "")
    let data = try #require(FileManager.default.contents(atPath: trace))
    let events = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
    let actions = events.filter { $0["cat"] as? String == "action" }.compactMap { $0["name"] as? String }
    #expect(actions.contains(#"list.querySubmitted("gr")"#))
    #expect(actions.contains(#"list.queryApplied("gr")"#))
    #expect(actions.contains("path[id: 0].detail.favoriteToggled"))
    #expect(events.filter { $0["cat"] as? String == "reduce" }.count == actions.count)
    // Every effect that began ended, finished or cancelled.
    let begins = events.filter { $0["cat"] as? String == "effect" && $0["ph"] as? String == "b" }
    let ends = events.filter { $0["cat"] as? String == "effect" && $0["ph"] as? String == "e" }
    #expect(!begins.isEmpty)
    #expect(Set(begins.compactMap { $0["id"] as? Int }) == Set(ends.compactMap { $0["id"] as? Int }))
    let outcomes = Set(ends.compactMap { ($0["args"] as? [String: Any])?["outcome"] as? String })
    #expect(outcomes.isSubset(of: ["finished", "cancelled"]))
    // A typed line is a whole query: applied at once by the command's own action, not after a typing pause.
    let applied = try #require(
      events.first { $0["cat"] as? String == "action" && $0["name"] as? String == #"list.queryApplied("gr")"# })
    let arguments = try #require(applied["args"] as? [String: Any])
    #expect(arguments["origin"] as? String == "sent by #4")
    // The favorite's change of the shared favorites, and its file's save as a span that ended well.
    let shared = events.filter { $0["cat"] as? String == "shared" }.compactMap { $0["name"] as? String }
    #expect(shared.contains { $0.hasSuffix("favorites.json changed") })
    let saves = events.filter { $0["cat"] as? String == "save" }
    let saveBegins = saves.filter { $0["ph"] as? String == "b" }
    let saveEnds = saves.filter { $0["ph"] as? String == "e" }
    #expect(saveBegins.contains { $0["name"] as? String == "save favorites.json" })
    #expect(Set(saveBegins.compactMap { $0["id"] as? Int }) == Set(saveEnds.compactMap { $0["id"] as? Int }))
    #expect(saveEnds.allSatisfy { ($0["args"] as? [String: Any])?["failure"] == nil })
    // Only the data folder's files: not those of the other stores this test process runs.
    #expect(
      Set(saves.compactMap { $0["name"] as? String }).isSubset(of: ["save favorites.json", "save settings.json"]))
  }

  @Test func aTraceInAMissingFolderIsOneLineAndTheSessionGoesOn() async throws {
    let folder = TemporaryFolder()
    try folder.seed([User.ada])
    let run = await runShell(
      ["--data-dir", folder.url.path, "--fresh", "--trace", "/no/such/folder/t.json"], input: ["open 1", "quit"])
    #expect(run.exitCode == 0)
    #expect(
      run.errors
        == "users: cannot write the trace /no/such/folder/t.json: the folder /no/such/folder does not exist; going on without a trace.\n"
    )
    #expect(run.output.contains("> open 1\nAda Lovelace\n"))
  }

  @Test func aRecordingOpensStepByStepAtItsFirstAction() async throws {
    let stepped = try await stepThroughARecording(
      of: ["open 2", "fav", "quit"], typing: [":next", ":next", "fav", ":resume"])
    #expect(stepped.exitCode == 1, "a feature command is refused while stepping through the past")
    #expect(stepped.output.hasPrefix("#1 of "))
    #expect(stepped.output.contains("> :next\n#2 of "))
    #expect(stepped.output.contains("(list.task, command)\nUsers (sorted by name)\nLoading…\n"))
    #expect(stepped.errors.contains("You are looking at the past (#3)"))
  }

  @Test func steppingThroughARecordingShowsItsSharedValuesAsTheyWereAtEachStep() async throws {
    // Stepping from the page loaded (#3) over the sort (#4) and its page (#5) to the favorite (#6).
    let stepped = try await stepThroughARecording(
      of: ["sort city", "fav 2", "quit"], typing: [":at 3", ":next", ":next", ":next"])
    let screens = stepped.output.components(separatedBy: "\n> ")
    let at3 = screens.first { $0.hasPrefix(":at 3\n") } ?? ""
    #expect(at3.contains("Users (2 of 2, sorted by name)\n1.   Ada Lovelace"))
    #expect(at3.contains("2.   Grace Hopper"))
    let steps = screens.filter { $0.hasPrefix(":next\n") }
    #expect(steps.count == 3)
    #expect(steps.first?.contains("sorted by city") == true)
    #expect(steps.last?.contains("2. ★ Grace Hopper") == true)
    #expect(steps.dropLast().allSatisfy { !$0.contains("★") })
  }

  @Test func aRecordingAnExplorationWroteOpensOnTheFailingActionWithItsSharedValues() async throws {
    let folder = TemporaryFolder()
    try folder.seed([User.ada, User.grace])
    // As the explorer writes one: the favorites it started from, then the actions, the failing one last.
    let start = RecordingStart(
      sharedValues: SharedValuesSnapshot(values: ["data:favorites.json": "[2]"]),
      failure: RecordedFailure(action: 2, property: "nothing pushed", message: "a detail was pushed"))
    let actions: [AppFeature.Action] = [.list(.userTapped(2)), .list(.delegate(.selected(2)))]
    let encoder = JSONEncoder()
    var log = String(decoding: try encoder.encode(RecordingHeader(start)), as: UTF8.self) + "\n"
    for action in actions {
      log += #"{"time":1,"action":"# + String(decoding: try encoder.encode(action), as: UTF8.self) + "}\n"
    }
    let recording = folder.path("failure.jsonl")
    try log.write(toFile: recording, atomically: true, encoding: .utf8)
    let stepped = await runShell(
      ["--data-dir", folder.url.path, "--replay", recording, "--step"], input: [":prev", ":resume", "back"])
    #expect(stepped.exitCode == 0, "\(stepped.errors)")
    #expect(stepped.output.hasPrefix("#2 of "))
    #expect(stepped.output.contains("\nThe exploration failed here, at #2: \"nothing pushed\": a detail was pushed\n"))
    // The list behind it shows Grace starred, as the recording began, though the folder has no favorites.
    #expect(stepped.output.contains("2. ★ Grace Hopper"))
    #expect(!FileManager.default.fileExists(atPath: folder.path("favorites.json")), "a replay saves nothing")
  }

  @Test func debuggerOptionsAreChecked() async {
    let folder = TemporaryFolder()
    let step = await runShell(["--data-dir", folder.url.path, "--step"])
    #expect(step.exitCode == 2)
    #expect(step.errors == "users: --step opens a recording step by step: give it with --replay <file>.\n")
    let size = await runShell(["--data-dir", folder.url.path, "--timeline", "lots"])
    #expect(size.exitCode == 2)
    #expect(size.errors == "users: --timeline needs a number of actions from 0 to 1000000, not 'lots'.\n")
    let off = await runShell(["--data-dir", folder.url.path, "--fresh", "--timeline", "0"], input: [":timeline"])
    #expect(off.errors == "users: stopped at line 1: The debugger is off: this app's store keeps no timeline.\n")
  }

  @Test func effectsStillRunningAtTheEndAreListedUnderTrace() async throws {
    let folder = TemporaryFolder()
    try folder.seed([User.ada])
    let trace = folder.path("t.json")
    // The load takes 5 s; the session ends at once, with the load still running: a leak to report.
    let run = await runShell(
      ["--data-dir", folder.url.path, "--fresh", "--trace", trace, "--latency", "5000", "--wait", "0"],
      input: ["quit"])
    #expect(run.exitCode == 0)
    // The start's own effect may still be finishing too (the session does not wait for work: --wait 0).
    #expect(run.errors.hasPrefix("users: "))
    #expect(run.errors.contains(" still running at the end:\n  effect "))
    #expect(run.errors.contains(", started by #2 list.task, running for "))
  }

  @Test func thePastShowsTheSharedValuesAsTheyWereAndTheirChanges() async throws {
    let folder = TemporaryFolder()
    try folder.seed([User.ada, User.grace])
    let run = await runShell(
      ["--data-dir", folder.url.path, "--fresh"],
      input: ["sort city", "fav 2", ":timeline", ":diff 4", ":diff 6", ":at 3", ":at 6", "quit"])
    #expect(run.exitCode == 0, "\(run.errors)")
    // #4 sorted (a preference, shared), #5 read the page again, #6 marked a favorite (shared).
    let listing = run.output.components(separatedBy: "> :timeline\n").last ?? ""
    let rows = listing.split(separator: "\n").prefix(6).map(String.init)
    #expect(rows[3].hasSuffix("command          list.sortChanged(.city)  (changed shared values)"))
    #expect(rows[4].contains("effect of #4") && !rows[4].contains("changed shared values"))
    #expect(rows[5].hasSuffix("command          list.favoriteToggled(2)  (changed shared values)"))
    #expect(!rows[2].contains("changed shared values"))
    // The diff of each shows the shared change beside the state's.
    let sortDiff = section(of: run.output, after: "> :diff 4\n")
    #expect(sortDiff.contains("-       sortOrder: .name,\n+       sortOrder: .city,"))
    let favoriteDiff = section(of: run.output, after: "> :diff 6\n")
    #expect(favoriteDiff.hasPrefix("#6 list.favoriteToggled(2) (command) changed:\n"))
    #expect(favoriteDiff.contains("      favorites: #1 Set([\n+       2\n      ]),"))
    // The screens as they were: before the sort and the favorite, then after both.
    let early = section(of: run.output, after: "> :at 3\n")
    #expect(early.contains("Users (2 of 2, sorted by name)\n1.   Ada Lovelace"))
    #expect(early.contains("2.   Grace Hopper"))
    let late = section(of: run.output, after: "> :at 6\n")
    #expect(late.contains("Users (2 of 2, sorted by city)\n1.   Ada Lovelace"))
    #expect(late.contains("2. ★ Grace Hopper"))
  }

  /// What the session printed after `marker` and before the next prompt.
  private func section(of output: String, after marker: String) -> String {
    guard let range = output.range(of: marker) else { return "" }
    let rest = output[range.upperBound...]
    return String(rest.prefix { _ in true }.components(separatedBy: "\n> ").first ?? "")
  }

  /// Records a session of `commands` over Ada and Grace, then opens the recording with `--replay … --step` and
  /// types `typing` into it.
  private func stepThroughARecording(of commands: [String], typing: [String]) async throws -> ShellRun {
    let folder = TemporaryFolder()
    try folder.seed([User.ada, User.grace])
    let recording = folder.path("session.jsonl")
    let recorded = await runShell(["--data-dir", folder.url.path, "--fresh", "--record", recording], input: commands)
    #expect(recorded.exitCode == 0)
    return await runShell(["--data-dir", folder.url.path, "--replay", recording, "--step"], input: typing)
  }
}
