import Foundation
import Testing
import UserClient

/// The built `users` executable itself, run as a child process: exit codes, standard streams, signals.
@MainActor struct ExecutableTests {
  @Test func pipedCommandsRunAndAFailureSetsTheExitCode() throws {
    #expect(FileManager.default.isExecutableFile(atPath: usersExecutable.path), "build the package first")
    let folder = TemporaryFolder()
    try folder.seed([ada, grace])
    let (process, stdout, stderr) = try launchUsers(
      ["--data-dir", folder.url.path], input: "open 2\nfav\nnope\nquit\n")
    let output = String(decoding: stdout.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    let errors = String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 1)
    #expect(output.contains("> fav\nGrace Hopper ★\n"))
    #expect(errors == "users: stopped at line 3: Unknown command 'nope'; 'help' lists the commands of this screen.\n")
  }

  @Test func interruptingASaveInFlightLeavesTheDataFileValid() async throws {
    let folder = TemporaryFolder()
    try folder.seed([ada, grace])
    let before = try Data(contentsOf: folder.url.appendingPathComponent("users.json"))
    // Each data operation takes 400 ms: the load, then the save the interrupt lands in.
    let (process, stdout, _) = try launchUsers(
      ["--data-dir", folder.url.path, "--latency", "400"], input: "open 1\nedit\ncity Paris\nsave\n")
    try await Task.sleep(for: .milliseconds(650))
    process.interrupt()
    _ = stdout.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationReason == .uncaughtSignal)
    let after = try Data(contentsOf: folder.url.appendingPathComponent("users.json"))
    #expect(after == before)
    #expect(try folder.storedUsers() == [ada, grace])
    // No temporary file is left behind: only the data files the app keeps.
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.url.path)
      .filter { !["users.json", "settings.json", "analytics.jsonl"].contains($0) }
    #expect(leftovers == [])
  }

  @Test func quittingWhileASaveIsInFlightFinishesTheSave() async throws {
    let folder = TemporaryFolder()
    try folder.seed([ada, grace])
    let (process, stdout, _) = try launchUsers(
      ["--data-dir", folder.url.path, "--latency", "300"], input: "open 1\nedit\ncity Paris\nsave\nquit\n")
    let output = String(decoding: stdout.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    #expect(output.contains("> save\nAda Lovelace\n"))
    #expect(try folder.storedUsers().first?.city == "Paris")
  }
}
