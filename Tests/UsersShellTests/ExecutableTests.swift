import Foundation
import Testing
import UserClient

/// The built `users` executable itself, run as a child process: exit codes, standard streams, signals.
@MainActor struct ExecutableTests {
  /// The `users` binary next to this test bundle (SwiftPM builds it first: this target depends on it).
  private static var executable: URL {
    let candidates = [
      Bundle.main.bundleURL,
      Bundle.allBundles.first { $0.bundlePath.hasSuffix(".xctest") }?.bundleURL.deletingLastPathComponent(),
    ].compactMap { $0 }
    for folder in candidates
    where FileManager.default.isExecutableFile(atPath: folder.appendingPathComponent("users").path) {
      return folder.appendingPathComponent("users")
    }
    return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent(".build/debug/users")
  }

  private func launch(_ arguments: [String], input: String) throws -> (Process, Pipe, Pipe) {
    let process = Process()
    process.executableURL = Self.executable
    process.arguments = arguments
    var environment = ProcessInfo.processInfo.environment
    environment["NO_COLOR"] = "1"
    process.environment = environment
    let stdin = Pipe()
    let stdout = Pipe()
    let stderr = Pipe()
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = stderr
    try process.run()
    stdin.fileHandleForWriting.write(Data(input.utf8))
    try stdin.fileHandleForWriting.close()
    return (process, stdout, stderr)
  }

  @Test func pipedCommandsRunAndAFailureSetsTheExitCode() throws {
    #expect(FileManager.default.isExecutableFile(atPath: Self.executable.path), "build the package first")
    let folder = TemporaryFolder()
    try folder.seed([ada, grace])
    let (process, stdout, stderr) = try launch(["--data-dir", folder.url.path], input: "open 2\nfav\nnope\nquit\n")
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
    let (process, stdout, _) = try launch(
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
    let (process, stdout, _) = try launch(
      ["--data-dir", folder.url.path, "--latency", "300"], input: "open 1\nedit\ncity Paris\nsave\nquit\n")
    let output = String(decoding: stdout.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    #expect(output.contains("> save\nAda Lovelace\n"))
    #expect(try folder.storedUsers().first?.city == "Paris")
  }
}
