import ComposableDebugger
import Foundation
import Testing
import UserClientInterface

/// A recording made by an earlier version of the app: each line its types no longer decode is listed (line, path,
/// reason), the rest replays when asked, and a recording of other types that still decodes says so.
@MainActor struct RecordingAcrossVersionsTests {
  /// A session's recording, exported from `users` itself: search, open the first result, then exported.
  private func exportedSession(in folder: TemporaryFolder) async -> String {
    let file = folder.path("session.jsonl")
    let run = await runShell(
      ["--data-dir", folder.url.path, "--fresh"], input: ["search ada", "open 1", ":export \(file)"])
    #expect(run.exitCode == 0, "\(run.errors)")
    return file
  }

  @Test func aLineThatNoLongerDecodesIsListedAndTheRestReplaysWhenAsked() async throws {
    let folder = TemporaryFolder()
    try folder.seed([User.ada, User.grace])
    let file = await exportedSession(in: folder)
    let exported = try String(contentsOfFile: file, encoding: .utf8)
    #expect(exported.hasPrefix(#"{"header":{"fingerprint":""#), "\(exported.prefix(60))")
    // As if the list's 'userTapped' had been renamed since, and a line of a case removed had been kept.
    try exported.replacingOccurrences(of: "\"userTapped\"", with: "\"userTaped\"")
      .appending(#"{"action":{"settings":{"_0":{"themeChosen":{}}}},"time":1}"# + "\n")
      .write(toFile: file, atomically: true, encoding: .utf8)

    let refused = await runShell(["--data-dir", folder.url.path, "--replay", file], input: ["quit"])
    #expect(refused.exitCode != 0)
    let lines = refused.errors.split(separator: "\n").map(String.init)
    #expect(
      lines.first == "users: \(file) no longer matches this app: 2 of 9 recorded actions do not decode:", "\(lines)")
    #expect(
      lines.contains {
        $0.hasSuffix(": list.userTaped: UserList.Action has no case 'userTaped'; did you mean 'userTapped(_:)'?")
      }, "\(lines)")
    let removed = "  line 10: settings.themeChosen: AppFeature.Action has no case 'settings'"
    #expect(lines.contains(removed), "\(lines)")
    #expect(lines.last == "'--skip-undecodable' replays the 7 that do.")

    let replayed = await runShell(
      ["--data-dir", folder.url.path, "--replay", file, "--skip-undecodable"], input: ["quit"])
    #expect(replayed.exitCode == 0, "\(replayed.errors)")
    #expect(
      replayed.errors.hasPrefix("users: left out 2 of 9 recorded actions of \(file), which do not decode:\n  line "))
    // What still decodes was replayed: the search and the pushed user (sent by the list's delegate).
    #expect(replayed.output.hasPrefix("Ada Lovelace\n  email: ada@example.com"), "\(replayed.output)")
  }

  @Test func aRecordingOfOtherTypesThatStillDecodesSaysSoAndReplays() async throws {
    let folder = TemporaryFolder()
    try folder.seed([User.ada, User.grace])
    let file = await exportedSession(in: folder)
    let exported = try String(contentsOfFile: file, encoding: .utf8)
    let other = try #require(exported.firstMatch(of: /"fingerprint":"([0-9a-f]+)"/)?.output.1)
    try exported.replacingOccurrences(of: String(other), with: "0")
      .write(toFile: file, atomically: true, encoding: .utf8)
    let replayed = await runShell(["--data-dir", folder.url.path, "--replay", file], input: ["quit"])
    #expect(replayed.exitCode == 0, "\(replayed.errors)")
    #expect(
      replayed.errors == "users: \(file) was made by other versions of the app's types; every line still decodes.\n")
    #expect(replayed.output.hasPrefix("Ada Lovelace\n"))
  }

  @Test func skippingWithoutARecordingIsRefused() async {
    let folder = TemporaryFolder()
    let run = await runShell(["--data-dir", folder.url.path, "--skip-undecodable"])
    #expect(run.exitCode == 2)
    #expect(
      run.errors
        == "users: --skip-undecodable replays what still decodes of a recording: give it with --replay <file>.\n")
  }
}
