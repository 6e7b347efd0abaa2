import TerminalHarness
import Foundation
import Testing
import UserClientInterface
import UserClientTesting

/// Two `users` processes on one folder: a live session at a (pseudo-)terminal shows what the other saves
/// within a second, with no key typed, and its own saves are not mistaken for the other's.
@MainActor struct SessionsSeeEachOtherTests {
  @Test func aUserAddedByAnotherSessionShowsOnTheLiveListWithoutAKeyTyped() async throws {
    let folder = TemporaryFolder()
    try folder.seed([User.ada])
    let terminal = try PseudoTerminal()
    try terminal.launch(usersExecutable, ["--data-dir", folder.url.path, "--fresh"])
    #expect(await terminal.waitFor("Ada Lovelace"))
    #expect(!terminal.output.contains("Grace Hopper"))

    // Another session adds Grace; nothing is typed in the live one. Its save happens before it exits, so the
    // list must show her within a second of that exit (or before it).
    let mark = terminal.mark
    let other = try await runUsersExecutable(
      ["--data-dir", folder.url.path],
      commands: ["add", "name Grace Hopper", "email grace@example.com", "save", "quit"])
    #expect(other.exitCode == 0, "\(other.errors)")
    let exited = ContinuousClock.now
    #expect(await terminal.waitFor("Grace Hopper", since: mark, timeout: .seconds(1)))
    #expect(ContinuousClock.now - exited < .seconds(1))
    #expect(!terminal.output(since: mark).contains("Loading…"), "a change elsewhere reloads without a status")

    // A favorite saved here writes only favorites.json; the list is not reloaded for the session's own change.
    terminal.type("quit\r")
    #expect(await terminal.waitForExit() == 0)
    #expect(!terminal.output.contains("still running at the end"), "the watch ends with the session")
  }

  @Test func anEditFormSaysAtOnceThatAnotherSessionSavedItsUser() async throws {
    let folder = TemporaryFolder()
    try folder.seed([User.ada, User.grace])
    let terminal = try PseudoTerminal()
    try terminal.launch(usersExecutable, ["--data-dir", folder.url.path, "--fresh"])
    #expect(await terminal.waitFor("Grace Hopper"))
    #expect(await terminal.type("open 1\r", thenWaitFor: "ada@example.com"))
    #expect(await terminal.type("edit\r", thenWaitFor: "Edit user"))

    let other = try await runUsersExecutable(
      ["--data-dir", folder.url.path, "--fresh"],
      commands: ["open 1", "edit", "name Ada King", "save", "quit"])
    #expect(other.exitCode == 0, "\(other.errors)")
    let exited = ContinuousClock.now
    #expect(await terminal.waitFor("Another session just saved this user: it is now Ada King", timeout: .seconds(1)))
    #expect(ContinuousClock.now - exited < .seconds(1))
    // Saving now is a choice made knowingly: it replaces their version.
    #expect(await terminal.type("save\r", thenWaitFor: "Ada Lovelace"))
    terminal.type("quit\r")
    #expect(await terminal.waitForExit() == 0)
    #expect(try folder.storedUsers().first { $0.id == User.ada.id }?.name == "Ada Lovelace")
  }

  @Test func aChangeAnotherSessionMadeToASharedValueIsARowOfTheTimeline() async throws {
    let folder = TemporaryFolder()
    try folder.seed([User.ada, User.grace])
    let terminal = try PseudoTerminal(columns: 160)
    try terminal.launch(usersExecutable, ["--data-dir", folder.url.path, "--fresh"], environment: ["NO_COLOR": "1"])
    #expect(await terminal.waitFor("Grace Hopper"))
    // Another session stars Grace: the live list shows the star, with no key typed.
    let other = try await runUsersExecutable(["--data-dir", folder.url.path, "--fresh"], commands: ["fav 2", "quit"])
    #expect(other.exitCode == 0, "\(other.errors)")
    #expect(await terminal.waitFor("★ Grace Hopper", timeout: .seconds(2)))
    // The timeline lists that change as a row of its own, said as another process's, not as an action of this one.
    let mark = terminal.mark
    #expect(await terminal.type(":timeline\r", thenWaitFor: "Actions 1–", timeout: .seconds(5)))
    let listing = terminal.output(since: mark)
    #expect(listing.contains("another process  favorites.json changed"))
    #expect(!listing.contains("(changed shared values)"))
    terminal.type("quit\r")
    #expect(await terminal.waitForExit() == 0)
  }
}
