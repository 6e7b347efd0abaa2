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

/// The `users` binary at a real (pseudo-)terminal: a live screen, line editing, Ctrl-C, and the terminal given
/// back as it was.
@MainActor struct LiveTerminalTests {
  @Test func theScreenFollowsWorkThatEndsWhileNothingIsTypedAndCtrlCCancelsTheWorkInProgress() async throws {
    let folder = TemporaryFolder()
    try folder.seed([User.ada, User.grace])
    let terminal = try PseudoTerminal()
    let before = terminal.localModes
    #expect(before & tcflag_t(ICANON) != 0)
    try terminal.launch(usersExecutable, ["--data-dir", folder.url.path, "--fresh", "--latency", "1000"])

    // The load answers a second after the start; the list shows it with no key pressed.
    #expect(await terminal.waitFor("Loading…"))
    #expect(await terminal.waitFor("Ada Lovelace"))
    #expect(terminal.localModes & tcflag_t(ICANON | ECHO | ISIG) == 0, "raw mode while the session runs")

    // A slow reload, cancelled: the prompt comes back at once and the session goes on.
    #expect(await terminal.type("reload\r", thenWaitFor: "Working… (Ctrl-C cancels)"))
    #expect(await terminal.type("\u{03}", thenWaitFor: "Cancelled."))
    // The list no longer says "Loading…": it says the load was cancelled, and what to type.
    #expect(await terminal.waitFor("Loading cancelled. Type 'retry' to load the users."))
    #expect(await terminal.type("retry\r", thenWaitFor: "Ada Lovelace"))

    // Up brings back the last command; Ctrl-U clears it; Tab completes a command and, twice, lists choices.
    #expect(await terminal.type("\u{1B}[A", thenWaitFor: "users> retry"))
    #expect(await terminal.type("\u{15}so\t", thenWaitFor: "users> sort "))
    #expect(await terminal.type("\t\t", thenWaitFor: "city  id  name"))
    #expect(await terminal.type("c\t\r", thenWaitFor: "sorted by city"))
    // The page in the new order is read as slowly as the load: the work ends before the next key.
    try await Task.sleep(for: .milliseconds(1_500))

    // An escape sequence typed into a command is never echoed raw.
    let mark = terminal.mark
    #expect(await terminal.type("\u{15}open \u{1B}[2Jx\r", thenWaitFor: "error: 'open' needs one number <row>."))
    #expect(!terminal.output(since: mark).contains("\u{1B}[2Jx"))

    // Ctrl-C at an empty prompt warns; Ctrl-D leaves as quit does: the session and the history are saved.
    #expect(await terminal.type("\u{03}", thenWaitFor: "Press Ctrl-C again, or Ctrl-D, to quit."))
    terminal.type("\u{04}")
    #expect(await terminal.waitForExit() == 0)
    #expect(terminal.localModes == before, "the terminal's modes are given back")
    #expect(folder.text("history") == "reload\nretry\nsort city\nopen x\n")
    #expect(folder.text("session.json") != nil)
  }

  /// `users` at a terminal on its own folder, the folder kept for as long as the session is used.
  private struct Session {
    let folder: TemporaryFolder
    let terminal: PseudoTerminal
    /// The terminal's modes before `users` started.
    let before: tcflag_t
  }

  /// `users` at a terminal on a folder holding Ada, once the list shows her.
  private func adaOnTheList() async throws -> Session {
    let folder = TemporaryFolder()
    try folder.seed([User.ada])
    let terminal = try PseudoTerminal()
    let before = terminal.localModes
    try terminal.launch(usersExecutable, ["--data-dir", folder.url.path, "--fresh"])
    #expect(await terminal.waitFor("Ada Lovelace"))
    return Session(folder: folder, terminal: terminal, before: before)
  }

  @Test func aSecondCtrlCAtAnEmptyPromptQuitsAndTheTerminalIsGivenBack() async throws {
    let session = try await adaOnTheList()
    let terminal = session.terminal
    // Enter on an empty line draws a new prompt.
    #expect(await terminal.type("\r", thenWaitFor: "users> "))
    terminal.type("\u{03}\u{03}")
    #expect(await terminal.waitForExit() == 0)
    #expect(terminal.localModes == session.before)
  }

  @Test func enterAfterABrokenUTF8ByteStillRunsTheLine() async throws {
    let session = try await adaOnTheList()
    let terminal = session.terminal
    // "h", a lone lead byte of a two-byte character, then Enter: the byte becomes U+FFFD and Enter runs the line.
    let mark = terminal.mark
    terminal.type(bytes: [UInt8(ascii: "h"), 0xC3, 0x0D])
    #expect(await terminal.waitFor("Unknown command 'h\u{FFFD}'", since: mark))
    // A byte that cannot start a character, split from the next read, is the same.
    terminal.type(bytes: [0x80])
    #expect(await terminal.type("x\r", thenWaitFor: "Unknown command '\u{FFFD}x'"))
    terminal.type("\u{04}")
    #expect(await terminal.waitForExit() == 0)
  }

  @Test func aKilledSessionGivesTheTerminalBack() async throws {
    let session = try await adaOnTheList()
    let terminal = session.terminal
    #expect(terminal.localModes != session.before)
    kill(terminal.process.processIdentifier, SIGTERM)
    #expect(await terminal.waitForExit() != nil)
    #expect(terminal.localModes == session.before)
  }
}
