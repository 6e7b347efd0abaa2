import TerminalHarness
import Foundation
import Testing
import UserClientInterface
import UserClientTesting

/// Ctrl-R search and the grey suggestion in the `users` binary at a real (pseudo-)terminal, over a history file
/// an earlier session left.
@MainActor struct HistorySearchTerminalTests {
  /// `users` at a terminal on a folder holding Ada and a history, once the list shows her.
  private func launch(colors: Bool) async throws -> (TemporaryFolder, PseudoTerminal) {
    let folder = TemporaryFolder()
    try folder.seed([User.ada])
    try Data("sort city\nsearch ada\nopen 1\n".utf8).write(to: folder.url.appendingPathComponent("history"))
    let terminal = try PseudoTerminal()
    try terminal.launch(
      usersExecutable, ["--data-dir", folder.url.path, "--fresh"], environment: colors ? ["NO_COLOR": ""] : [:])
    #expect(await terminal.waitFor("Ada Lovelace"))
    return (folder, terminal)
  }

  @Test func ctrlRFindsAnEarlierCommandEnterRunsItAndEscapeGivesTheLineBack() async throws {
    let (folder, terminal) = try await launch(colors: false)
    #expect(await terminal.type("\u{12}so", thenWaitFor: "(search 'so'): sort city"))
    #expect(await terminal.type("\r", thenWaitFor: "sorted by city"))
    // Ctrl-R again goes past the newest line holding "c" to an older one; Escape alone gives back "xy".
    #expect(await terminal.type("xy\u{12}c", thenWaitFor: "(search 'c'): sort city"))
    #expect(await terminal.type("\u{12}", thenWaitFor: "(search 'c'): search ada"))
    #expect(await terminal.type("\u{1B}", thenWaitFor: "users> xy"))
    #expect(await terminal.type("\u{15}\u{12}zzz", thenWaitFor: "(failing search 'zzz'): "))
    #expect(await terminal.type("\u{07}\u{04}\u{04}", thenWaitFor: "users> "))
    #expect(await terminal.waitForExit() == 0)
    #expect(folder.text("history") == "sort city\nsearch ada\nopen 1\nsort city\n")
  }

  @Test func theSuggestionShowsInGreyAndRightArrowTakesIt() async throws {
    let (_, terminal) = try await launch(colors: true)
    // Dim (ESC [2m) after the typed text: the rest of "search ada".
    #expect(await terminal.type("sea", thenWaitFor: "sea\u{1B}[2mrch ada\u{1B}[0m"))
    #expect(await terminal.type("\u{1B}[C\r", thenWaitFor: "Ada Lovelace"))
    #expect(terminal.output.contains("users> search ada"))
    terminal.type("\u{04}")
    #expect(await terminal.waitForExit() == 0)
  }

  @Test func withNoColorThereIsNoSuggestionAndRightArrowAddsNothing() async throws {
    let (_, terminal) = try await launch(colors: false)
    let mark = terminal.mark
    #expect(await terminal.type("sea\u{1B}[Cx", thenWaitFor: "users> seax"))
    #expect(!terminal.output(since: mark).contains("rch ada"))
    terminal.type("\u{15}\u{04}")
    #expect(await terminal.waitForExit() == 0)
  }
}
