import TerminalHarness
import Foundation
import Testing
import UserClientInterface
import UserClientTesting

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The debugger in the `users` binary at a real (pseudo-)terminal: each command typed at the live prompt, and a
/// trace that stays valid JSON when the process is killed.
@MainActor struct DebuggerTerminalTests {
  @Test func everyDebuggerCommandWorksAtTheLivePromptAndAKilledTraceIsValidJSON() async throws {
    let folder = TemporaryFolder()
    try folder.seed([User.ada, User.grace])
    let trace = folder.path("live.trace.json")
    let terminal = try PseudoTerminal()
    let before = terminal.localModes
    try terminal.launch(usersExecutable, ["--data-dir", folder.url.path, "--fresh", "--trace", trace])
    #expect(await terminal.waitFor("Grace Hopper"))

    #expect(await terminal.type("open 2\r", thenWaitFor: "id:    2"))
    // The live session also sends what fits the list to the terminal, so the numbers are read, not assumed.
    #expect(await terminal.type(":timeline\r", thenWaitFor: "list.delegate(.selected(2))"))
    #expect(await terminal.waitFor("(kept: #1–#"))

    // The past: the first screen under its banner; a feature command is refused there.
    #expect(await terminal.type(":at 1\r", thenWaitFor: "#1 of "))
    #expect(terminal.output.contains(" — :next, :prev, :resume"))
    #expect(await terminal.type("fav\r", thenWaitFor: "You are looking at the past (#1)"))
    #expect(await terminal.type(":next\r", thenWaitFor: "#2 of "))
    #expect(await terminal.type(":prev\r", thenWaitFor: "#1 of "))
    #expect(await terminal.type(":next\r", thenWaitFor: "#2 of "))
    #expect(await terminal.type(":diff\r", thenWaitFor: "#2 "))
    #expect(await terminal.type(":diff abc\r", thenWaitFor: "'abc' is not an action number; try ':diff 12'."))
    #expect(await terminal.type(":more\r", thenWaitFor: "No older actions."))
    #expect(await terminal.type(":at 0\r", thenWaitFor: "There is no action #0: actions go from #1 to #"))
    #expect(await terminal.type(":resume\r", thenWaitFor: "Back to the live screen."))
    #expect(await terminal.type("fav\r", thenWaitFor: "Grace Hopper ★"))
    // The screens' watches of other sessions run for as long as their screens show.
    #expect(await terminal.type(":effects\r", thenWaitFor: "detail.followChangesElsewhere"))
    #expect(terminal.output.contains("list.followChangesElsewhere"))
    #expect(await terminal.type("help\r", thenWaitFor: ":effects          List the effects running now"))
    // What is alive under the store: the detail's screen is open over the list, each followed by its view.
    #expect(await terminal.type(":alive\r", thenWaitFor: "file watches (the whole process): "))
    #expect(terminal.output.contains("field hubs: "))
    #expect(terminal.output.contains("UserDetail.State: 1"))
    // Who started the effects still running, and the process's watches of files beside them.
    #expect(terminal.output.contains("  started by path[id: 0].detail.followChangesElsewhere: 1"))
    #expect(terminal.output.contains("  started by list.followChangesElsewhere: 1"))

    #expect(await terminal.type(":at 99999\r", thenWaitFor: "There is no action #99999"))

    kill(terminal.process.processIdentifier, SIGTERM)
    #expect(await terminal.waitForExit() != nil)
    #expect(terminal.localModes == before, "the terminal's modes are given back")
    let data = try #require(FileManager.default.contents(atPath: trace))
    let events = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]], "valid JSON")
    let actions = events.filter { $0["cat"] as? String == "action" }.compactMap { $0["name"] as? String }
    #expect(actions.contains("path[id: 0].detail.favoriteToggled"))
  }

  @Test func aRecordingOpensAtItsFirstActionAndStepsAtTheLivePrompt() async throws {
    let folder = TemporaryFolder()
    try folder.seed([User.ada, User.grace])
    let recording = folder.path("session.jsonl")
    let recorded = try await runUsersExecutable(
      ["--data-dir", folder.url.path, "--fresh", "--record", recording], commands: ["open 2", "fav", "quit"])
    #expect(recorded.exitCode == 0)
    let terminal = try PseudoTerminal()
    try terminal.launch(usersExecutable, ["--data-dir", folder.url.path, "--replay", recording, "--step"])
    #expect(await terminal.waitFor("#1 of "))
    #expect(await terminal.type(":next\r", thenWaitFor: "#2 of "))
    #expect(await terminal.type(":next\r", thenWaitFor: "list.pageLoaded("))
    #expect(await terminal.type(":resume\r", thenWaitFor: "Back to the live screen."))
    #expect(terminal.output.contains("Grace Hopper"), "live, the recording's last screen: Grace's")
    terminal.type("\u{04}")
    #expect(await terminal.waitForExit() == 0)
  }
}
