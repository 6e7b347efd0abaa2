import TerminalHarness
import Foundation
import Testing
import UserClientInterface

/// A data folder that must not be written, at a real (pseudo-)terminal: browsed and searched, every change refused
/// with one sentence naming the folder, and nothing in the folder written, not even the history or the screens.
@MainActor struct ReadOnlyFolderTerminalTests {
  @Test func aFolderOpenedReadOnlyIsBrowsedAndEveryChangeIsRefusedWithTheFolderNamed() async throws {
    let folder = TemporaryFolder()
    try folder.seed(SampleUsers.all)
    // A session made users.db and left, as any earlier start does.
    #expect(await runShell(["--data-dir", folder.url.path], input: ["quit"]).exitCode == 0)
    let before = try fileListing(folder.url)

    let terminal = try PseudoTerminal(rows: 30, columns: 250)
    try terminal.launch(
      usersExecutable, ["--data-dir", folder.url.path, "--read-only", "--fresh"], environment: ["NO_COLOR": "1"])
    #expect(await terminal.waitFor("Users (36 of 36"))
    #expect(await terminal.type("search grace\r", thenWaitFor: "Grace Thompson"))
    #expect(await terminal.type("fav 1\r", thenWaitFor: "★ Grace Hopper"), "a favorite lasts for the session")
    #expect(await terminal.type("open 1\r", thenWaitFor: "email: grace.hopper@example.com"))
    #expect(await terminal.type("edit\r", thenWaitFor: "Edit user"))
    #expect(await terminal.type("city Rome\r", thenWaitFor: "city : Rome"))
    #expect(
      await terminal.type(
        "save\r",
        thenWaitFor: "Nothing can be saved in the data folder \(folder.url.path) (it is opened read-only): the users "
          + "can be browsed, searched and exported, not changed."))
    terminal.type("\u{04}")
    #expect(await terminal.waitForExit() == 0)
    #expect(try fileListing(folder.url) == before, "no history, no screens, no analytics, no lock: nothing written")
  }
}
