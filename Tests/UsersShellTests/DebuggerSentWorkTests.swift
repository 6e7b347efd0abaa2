import Foundation
import TerminalHarness
import Testing
import UserClientInterface

/// An action the debugger sends is the session's work, as a typed command's is: the app shows it is working and
/// Ctrl-C cancels what it started, whether it was sent at the app's prompt or from a client in another terminal.
@MainActor struct DebuggerSentWorkTests {
  /// `users` on a slow disk (every read takes 3 s), past its first page.
  private func slowApp(in folder: TemporaryFolder, sockets: String) async throws -> PseudoTerminal {
    try folder.seed([User.ada, User.grace])
    let app = try PseudoTerminal(rows: 24, columns: 120)
    try app.launch(
      usersExecutable, ["--data-dir", folder.url.path, "--fresh", "--latency", "3000", "--debug-server"],
      environment: ["NO_COLOR": "1", "COMPOSABLE_DEBUGGER_DIR": sockets])
    #expect(await app.waitFor("Users (2 of 2", timeout: .seconds(20)))
    return app
  }

  @Test func aSendAtTheAppsPromptShowsItsWorkAndCtrlCCancelsIt() async throws {
    let folder = TemporaryFolder()
    let app = try await slowApp(in: folder, sockets: folder.path("debugger"))
    var mark = app.mark
    app.type(":send list.retryTapped\r")
    #expect(await app.waitFor("Working… (Ctrl-C cancels)", since: mark))
    mark = app.mark
    app.type("\u{03}")
    #expect(await app.waitFor("Cancelled.", since: mark))
    #expect(await app.waitFor("Loading cancelled. Type 'retry' to load the users.", since: mark))
    app.type("\u{04}")
    #expect(await app.waitForExit() == 0)
  }

  @Test func aSendFromAnAttachedClientIsTheAppsWorkWhichCtrlCInTheAppCancels() async throws {
    let folder = TemporaryFolder()
    let sockets = folder.path("debugger")
    let app = try await slowApp(in: folder, sockets: sockets)
    let client = try PseudoTerminal(rows: 30, columns: 200)
    try client.launch(debuggerClientExecutable, [], environment: ["COMPOSABLE_DEBUGGER_DIR": sockets])
    #expect(await client.waitFor("debugger> "))
    var mark = app.mark
    client.type(":send list.retryTapped\r")
    #expect(await client.waitFor("Sent #"))
    #expect(await app.waitFor("Working… (Ctrl-C cancels)", since: mark))
    mark = app.mark
    app.type("\u{03}")
    #expect(await app.waitFor("Cancelled.", since: mark))
    #expect(await app.waitFor("Loading cancelled. Type 'retry' to load the users.", since: mark))
    client.type(":quit\r")
    #expect(await client.waitForExit() == 0)
    app.type("\u{04}")
    #expect(await app.waitForExit() == 0)
  }
}
