import Foundation
import Testing
import UserClientInterface

/// A data folder another account owns, opened by a user who may read it and not write it (the README's "someone
/// else's" folder): browsed and searched, a change refused in one sentence naming the folder, nothing written.
///
/// CI runs as root, which writes anywhere: there the session runs as `nobody` (`setpriv`), so the case is tried
/// where it matters instead of returning early; as any other user, the folder is made read-only instead.
@MainActor struct AnotherUsersFolderTests {
  /// Runs `users` with `arguments` as a user who cannot write the folder, typing `input`; its output, errors and
  /// exit code.
  private func runAsAnotherUser(_ arguments: [String], input: [String]) throws -> (
    output: String, errors: String, exitCode: Int32
  ) {
    let process = Process()
    if getuid() == 0 {
      let setpriv = URL(fileURLWithPath: "/usr/bin/setpriv")
      guard FileManager.default.isExecutableFile(atPath: setpriv.path) else {
        Issue.record("running as root, this test needs /usr/bin/setpriv to run the session as another user")
        return ("", "", -1)
      }
      process.executableURL = setpriv
      process.arguments = ["--reuid=65534", "--regid=65534", "--clear-groups", usersExecutable.path] + arguments
    } else {
      process.executableURL = usersExecutable
      process.arguments = arguments
    }
    let (stdin, stdout, stderr) = (Pipe(), Pipe(), Pipe())
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = stderr
    process.environment = ["NO_COLOR": "1", "PATH": "/usr/bin:/bin"]
    try process.run()
    stdin.fileHandleForWriting.write(Data((input.joined(separator: "\n") + "\n").utf8))
    try stdin.fileHandleForWriting.close()
    let output = stdout.fileHandleForReading.readDataToEndOfFile()
    let errors = stderr.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (String(decoding: output, as: UTF8.self), String(decoding: errors, as: UTF8.self), process.terminationStatus)
  }

  @Test func aFolderThisUserCannotWriteIsBrowsedAndEveryChangeIsRefusedWritingNothing() async throws {
    let folder = TemporaryFolder()
    try folder.seed(SampleUsers.all)
    // Its owner's session made users.db and left, as any earlier start does.
    #expect(await runShell(["--data-dir", folder.url.path], input: ["quit"]).exitCode == 0)
    // Another user may enter and read it (as root's folders usually allow); as ourselves, nobody may write it.
    try FileManager.default.setAttributes(
      [.posixPermissions: getuid() == 0 ? 0o755 : 0o555], ofItemAtPath: folder.url.path)
    defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.url.path) }
    let before = try fileListing(folder.url)

    let run = try runAsAnotherUser(
      ["--data-dir", folder.url.path, "--fresh"],
      input: ["search grace", "fav 1", "open 1", "edit", "city Rome", "save", "quit"])
    #expect(run.exitCode == 0, "\(run.errors)")
    #expect(run.output.contains("Users (36 of 36"), "the users are read")
    #expect(run.output.contains("1. ★ Grace Hopper"), "a favorite lasts for the session")
    #expect(
      run.output.contains(
        "Nothing can be saved in the data folder \(folder.url.path) (it is read-only): the users can be browsed, "
          + "searched and exported, not changed."), "\(run.output)")
    #expect(try fileListing(folder.url) == before, "no history, no screens, no analytics, no lock: nothing written")
  }
}
