import TerminalHarness
import Foundation
import Testing
import UserClientInterface

/// Nothing outlives its screen in the app itself: driven by its commands at a real (pseudo-)terminal, every kind of
/// screen opened and closed ten times, and the debugger's `:alive` back where it was at the list.
@MainActor struct AliveInTheAppTests {
  /// What `:alive` prints, from its first line to its last.
  private func alive(_ terminal: PseudoTerminal) async -> String {
    let mark = terminal.mark
    terminal.type(":alive\r")
    guard await terminal.waitFor("file watches (the whole process): ", since: mark),
      await terminal.waitFor("users>", since: mark)
    else { return "(no answer)" }
    let output = terminal.output(since: mark)
    guard let start = output.range(of: "stores: "), let watches = output.range(of: "file watches (the whole process): ")
    else { return output }
    let end = output[watches.upperBound...].firstIndex(where: \.isNewline) ?? output.endIndex
    return String(output[start.lowerBound..<end])
  }

  @Test func everyKindOfScreenOpenedAndClosedTenTimesLeavesTheCountsWhereTheyWere() async throws {
    let folder = TemporaryFolder()
    try folder.seed(SampleUsers.all)
    let terminal = try PseudoTerminal(rows: 24, columns: 200)
    try terminal.launch(usersExecutable, ["--data-dir", folder.url.path, "--fresh"], environment: ["NO_COLOR": "1"])
    #expect(await terminal.waitFor("Users (36 of 36"))
    let baseline = await alive(terminal)
    #expect(baseline.contains("UserList.State: 1"))
    #expect(baseline.contains("  started by list.followChangesElsewhere: 1"))

    // Each round: a pushed user, a stack two deep (its form), the delete alert, the add sheet, the settings, the
    // about screen, and a search that reloads the pages, each gone again before the next.
    let rounds: [(command: String, answer: String)] = [
      ("open 1", "email: "), ("back", "Users ("), ("open 2", "email: "), ("edit", "Edit user"),
      ("back", "email: "), ("back", "Users ("), ("delete 1", "Type delete or cancel."), ("cancel", "Users ("),
      ("add", "New user"), ("cancel", "Users ("), ("settings", "Settings"), ("done", "Users ("),
      ("info", "About"), ("done", "Users ("), ("search a", "search “a”"), ("next", "page 2 of 2"),
      ("search", "page 1 of 2"),
    ]
    for round in 1...10 {
      for step in rounds {
        let mark = terminal.mark
        terminal.type(step.command + "\r")
        #expect(await terminal.waitFor(step.answer, since: mark), "round \(round): \(step.command)")
      }
      #expect(await alive(terminal) == baseline, "round \(round)")
    }
    terminal.type("\u{04}")
    #expect(await terminal.waitForExit() == 0)
  }
}
