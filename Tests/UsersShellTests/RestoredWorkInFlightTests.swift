import Foundation
import Testing
import UserClientInterface
import UserClientTesting

/// A session file that holds work in flight (from another version, edited by hand) restores to usable screens:
/// nothing says "Saving…" forever, and the command the flag would have blocked works.
@MainActor struct RestoredWorkInFlightTests {
  /// Runs `commands`, quits, then rewrites `flag` from false to true in the saved session.
  private func sessionWithFlagSet(_ flag: String, after commands: [String], in folder: TemporaryFolder) async throws {
    let run = await runShell(["--data-dir", folder.url.path], input: commands + ["quit"])
    #expect(run.exitCode == 0)
    let session = try #require(folder.text("session.json"))
    try #require(session.contains("\"\(flag)\":false"))
    try Data(session.replacingOccurrences(of: "\"\(flag)\":false", with: "\"\(flag)\":true").utf8)
      .write(to: folder.url.appendingPathComponent("session.json"))
  }

  @Test func anEditFormSavedAsSavingRestoresReadyToSave() async throws {
    let folder = TemporaryFolder()
    try folder.seed([User.ada, User.grace])
    try await sessionWithFlagSet("isSaving", after: ["open 1", "edit", "city Paris"], in: folder)
    let run = await runShell(["--data-dir", folder.url.path], input: ["save"])
    #expect(run.exitCode == 0)
    #expect(!run.output.contains("Saving…"))
    #expect(run.output.contains("> save\nAda Lovelace\n  email: ada@example.com\n  city:  Paris\n"))
    #expect(try folder.storedUsers().first?.city == "Paris")
  }

  @Test func aDetailSavedAsDeletingRestoresReadyToDelete() async throws {
    let folder = TemporaryFolder()
    try folder.seed([User.ada, User.grace])
    try await sessionWithFlagSet("isDeleting", after: ["open 2"], in: folder)
    let run = await runShell(["--data-dir", folder.url.path], input: ["delete", "delete"])
    #expect(run.exitCode == 0)
    #expect(run.output.contains("! Delete Grace Hopper?"))
    #expect(try folder.storedUsers() == [User.ada])
  }

  @Test func aPresentedAddFormSavedAsSavingRestoresReadyToSave() async throws {
    let folder = TemporaryFolder()
    try folder.seed([User.ada])
    try await sessionWithFlagSet("isSaving", after: ["add", "name Alan Turing", "email alan@example.com"], in: folder)
    let run = await runShell(["--data-dir", folder.url.path], input: ["save"])
    #expect(run.exitCode == 0)
    #expect(!run.output.contains("Saving…"))
    #expect(try folder.storedUsers().map(\.name) == ["Ada Lovelace", "Alan Turing"])
  }
}
