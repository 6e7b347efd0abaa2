import TerminalHarness
import Foundation
import Testing
import UserClientInterface
import UserClientTesting

/// Tab in the `users` binary at a real (pseudo-)terminal offers what the screen shows: rows with their users,
/// names and cities to search, a form field's value.
@MainActor struct CompletionTerminalTests {
  @Test func tabOffersRowsWithNamesSearchValuesAndAFieldsValue() async throws {
    let folder = TemporaryFolder()
    try folder.seed([User.ada, User.grace])
    let terminal = try PseudoTerminal()
    try terminal.launch(usersExecutable, ["--data-dir", folder.url.path, "--fresh"])
    #expect(await terminal.waitFor("Grace Hopper"))

    // Two Tabs list the rows, each with the user in it.
    #expect(await terminal.type("open \t\t", thenWaitFor: "1 Ada Lovelace  2 Grace Hopper"))
    // A search completes a name from the list, one word at a time.
    #expect(await terminal.type("\u{15}search gr\t", thenWaitFor: "users> search Grace Hopper "))
    #expect(await terminal.type("\u{15}search Ada \t", thenWaitFor: "users> search Ada Lovelace "))
    // In the form, Tab after a field's name brings its value back to edit.
    #expect(await terminal.type("\u{15}open 1\r", thenWaitFor: "ada@example.com"))
    #expect(await terminal.type("edit\r", thenWaitFor: "email:"))
    #expect(await terminal.type("email \t", thenWaitFor: "users> email ada@example.com "))
    terminal.type("\u{15}\u{04}")
    #expect(await terminal.waitForExit() == 0)
  }
}
