import TerminalHarness
import Foundation
import Testing
import UserClientInterface
import UserClientTesting

/// What a person at the terminal found, on the `users` binary in a pseudo-terminal.
@MainActor struct TerminalFindingsTests {
  @Test func aSettingsFileSetAsideIsStillSaidOnTheSettingsScreenAfterTheSettingsAreSaved() async throws {
    let folder = TemporaryFolder()
    try folder.seed([User.ada], firstRun: true)
    try Data("sort=city".utf8).write(to: folder.url.appendingPathComponent("settings.json"))
    // Wide enough for the temporary folder's path on every platform: a screen cuts lines at its width.
    let terminal = try PseudoTerminal(columns: 200)
    try terminal.launch(usersExecutable, ["--data-dir", folder.url.path, "--fresh"], environment: ["NO_COLOR": "1"])
    #expect(await terminal.waitFor("Ada Lovelace"))
    // A change of the settings saves them, over the defaults the session started from.
    #expect(await terminal.type("sort city\r", thenWaitFor: "sorted by city"))
    let mark = terminal.mark
    #expect(await terminal.type("settings\r", thenWaitFor: "The saved data could not be read"))
    #expect(await terminal.waitFor("The unreadable file was kept at:", since: mark))
    #expect(terminal.output(since: mark).contains("  \(folder.path("settings.json.corrupt"))"))
    terminal.type("\u{04}")
    #expect(await terminal.waitForExit() == 0)
    #expect(folder.text("settings.json.corrupt") == "sort=city")
  }

  @Test func aUserOpenedDuringTheTourMovesItAlongOrIsAnsweredNeverIgnored() async throws {
    let folder = TemporaryFolder()
    try folder.seed([User.ada, User.grace], firstRun: true)
    let terminal = try PseudoTerminal()
    try terminal.launch(usersExecutable, ["--data-dir", folder.url.path, "--fresh"], environment: ["NO_COLOR": "1"])
    #expect(await terminal.waitFor("Step 1 of 3: search for a user"))
    #expect(await terminal.waitFor("Grace Hopper"))
    // Step 1 asks for a search; opening a user at once is step 2 done: the tour follows along.
    #expect(await terminal.type("open 2\r", thenWaitFor: "Step 3 of 3: That opens Grace Hopper's details in the app."))
    #expect(
      await terminal.type(
        "open 1\r", thenWaitFor: "error: The tour shows the list only; 'skip' leaves it (or finish it) to open users."))
    terminal.type("\u{04}")
    #expect(await terminal.waitForExit() == 0)
  }

  @Test func ctrlCDuringASlowFirstLoadUnderTheTourLeavesTheListOfferingToLoadAgain() async throws {
    let folder = TemporaryFolder()
    try folder.seed([User.ada], firstRun: true)
    let terminal = try PseudoTerminal()
    try terminal.launch(
      usersExecutable, ["--data-dir", folder.url.path, "--fresh", "--latency", "3000"], environment: ["NO_COLOR": "1"])
    #expect(await terminal.waitFor("Welcome to the users directory"))
    #expect(await terminal.waitFor("Loading…"))
    // The list under the tour's banner says its load was cancelled, and what to type, not "Loading…" forever.
    #expect(await terminal.type("\u{03}", thenWaitFor: "Loading cancelled. Type 'retry' to load the users."))
    #expect(await terminal.type("retry\r", thenWaitFor: "Ada Lovelace", timeout: .seconds(15)))
    #expect(await terminal.type("skip\r", thenWaitFor: "Users (1 of 1, sorted by name)"))
    terminal.type("\u{04}")
    #expect(await terminal.waitForExit() == 0)
  }
}
