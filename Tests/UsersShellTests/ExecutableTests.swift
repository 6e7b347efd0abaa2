import Foundation
import Sharing
import Testing
import UserClientInterface
import UserClientTesting
import UsersShell

/// Waits until another process holds the exclusive lock of `dataFile` (it is inside a save).
func waitUntilLocked(_ dataFile: URL, within limit: Duration = .seconds(10)) async throws {
  let deadline = ContinuousClock.now + limit
  while ContinuousClock.now < deadline {
    do {
      try FileLock.withExclusiveLock(on: dataFile, timeout: .zero) {}
    } catch is FileLock.Failure {
      return
    }
    try await Task.sleep(for: .milliseconds(5))
  }
  Issue.record("nobody took the lock of \(dataFile.lastPathComponent) within \(limit)")
}

/// A `users` process in a new folder of Ada and Grace, inside a save of Ada that holds the users file's lock
/// for `latency` milliseconds; with the folder, the users file, and its contents before the save.
@MainActor func startSaveHoldingTheLock(
  latency: Int
) async throws -> (TemporaryFolder, URL, Data, (Process, Pipe, Pipe)) {
  let folder = TemporaryFolder()
  try folder.seed([User.ada, User.grace])
  let usersFile = folder.url.appendingPathComponent("users.json")
  let before = try Data(contentsOf: usersFile)
  let launched = try launchUsers(
    ["--data-dir", folder.url.path, "--latency", "\(latency)"], input: "open 1\nedit\ncity Paris\nsave\n")
  try await waitUntilLocked(usersFile, within: .seconds(30))
  return (folder, usersFile, before, launched)
}

/// The built `users` executable itself, run as a child process: exit codes, standard streams, signals, and
/// two processes on one data folder.
@MainActor struct ExecutableTests {
  @Test func pipedCommandsRunAndAFailureSetsTheExitCode() async throws {
    #expect(
      FileManager.default.isExecutableFile(atPath: usersExecutable.path), "no users binary: \(usersExecutable.path)")
    // Found beside the tests whatever the folder is called; of the tests' own configuration all the same.
    let version = try await runUsersExecutable(["--version"], commands: [])
    #expect(version.output == "users \(UsersShell.version) (\(testedConfiguration) build)\n")
    let folder = TemporaryFolder()
    try folder.seed([User.ada, User.grace])
    let run = try await runUsersExecutable(
      ["--data-dir", folder.url.path], commands: ["open 2", "fav", "nope", "quit"])
    #expect(run.exitCode == 1)
    #expect(run.output.contains("> fav\nGrace Hopper ★\n"))
    #expect(
      run.errors == "users: stopped at line 3: Unknown command 'nope'; 'help' lists the commands of this screen.\n")
  }

  @Test func interruptingASaveInFlightLeavesTheDataFileValid() async throws {
    // The save holds the file's lock for 2 s (a slow disk): interrupted there, it must leave the old file.
    let (folder, usersFile, before, launched) = try await startSaveHoldingTheLock(latency: 2000)
    launched.0.interrupt()
    _ = await finish(launched)
    #expect(launched.0.terminationReason == .uncaughtSignal)
    #expect(try Data(contentsOf: usersFile) == before)
    #expect(try folder.storedUsers() == [User.ada, User.grace])
    // No temporary file is left behind: only the data files the app keeps, and the lock's companion file.
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.url.path)
      .filter { !["users.json", "settings.json", "analytics.jsonl", ".users.json.lock"].contains($0) }
    #expect(leftovers == [])
  }

  @Test func aProcessKilledWhileHoldingTheLockNeitherBlocksNorDamagesTheFile() async throws {
    let (folder, usersFile, before, launched) = try await startSaveHoldingTheLock(latency: 5000)
    kill(launched.0.processIdentifier, SIGKILL)
    _ = await finish(launched)
    #expect(launched.0.terminationReason == .uncaughtSignal)
    #expect(try Data(contentsOf: usersFile) == before)
    // The kernel dropped the dead process's lock: another session saves at once, not after the lock's timeout.
    let started = ContinuousClock.now
    let run = try await runUsersExecutable(
      ["--data-dir", folder.url.path, "--fresh"], commands: ["open 2", "edit", "city Paris", "save", "quit"])
    #expect(run.exitCode == 0, "\(run.errors)")
    #expect(ContinuousClock.now - started < .seconds(8))
    #expect(try folder.storedUsers().map(\.city) == [User.ada.city, "Paris"])
  }

  @Test func twoProcessesEditingDifferentUsersAtOnceBothKeepTheirEdit() async throws {
    for round in 1...6 {
      let folder = TemporaryFolder()
      try folder.seed([User.ada, User.grace])
      let path = folder.url.path
      async let first = runUsersExecutable(
        ["--data-dir", path, "--fresh"], commands: ["open 1", "edit", "city Ada \(round)", "save", "quit"])
      async let second = runUsersExecutable(
        ["--data-dir", path, "--fresh"],
        commands: ["open 2", "edit", "city Grace \(round)", "save", "quit"])
      for run in try await [first, second] {
        #expect(run.exitCode == 0, "round \(round): \(run.errors)")
      }
      #expect(try folder.storedUsers().map(\.city) == ["Ada \(round)", "Grace \(round)"], "round \(round)")
    }
  }

  @Test func aProcessSavingAUserAnotherChangedSinceIsRefusedAndExitsWithOne() async throws {
    let folder = TemporaryFolder()
    try folder.seed([User.ada, User.grace])
    // The slow process is inside its save of Ada (holding the lock 1.5 s) when the fast one, which loaded
    // Ada before that save, saves Ada too: it waits for the lock, then finds Ada changed and is refused.
    let slow = try launchUsers(
      ["--data-dir", folder.url.path, "--fresh", "--latency", "1500"],
      input: "open 1\nedit\ncity Slow\nsave\nquit\n")
    try await waitUntilLocked(folder.url.appendingPathComponent("users.json"), within: .seconds(30))
    let fast = try await runUsersExecutable(
      ["--data-dir", folder.url.path, "--fresh"], commands: ["open 1", "edit", "name Ada King", "save", "quit"])
    let slowRun = await finish(slow)
    #expect(slowRun.exitCode == 0, "\(slowRun.errors)")
    #expect(fast.exitCode == 1)
    #expect(
      fast.errors.hasPrefix(
        "users: stopped at line 4: Not saved: Ada Lovelace was changed in another session since this form opened; "
          + "it is now Ada Lovelace <ada@example.com> · Slow."))
    #expect(fast.output.contains("> save\nEdit user\n  name : Ada King\n"))
    #expect(
      try folder.storedUsers()[0] == User(id: User.ada.id, name: User.ada.name, email: User.ada.email, city: "Slow"))
  }

  @Test func quittingWhileASaveIsInFlightFinishesTheSave() async throws {
    let folder = TemporaryFolder()
    try folder.seed([User.ada, User.grace])
    let run = try await runUsersExecutable(
      ["--data-dir", folder.url.path, "--latency", "300"], commands: ["open 1", "edit", "city Paris", "save", "quit"])
    #expect(run.exitCode == 0)
    #expect(run.output.contains("> save\nAda Lovelace\n"))
    #expect(try folder.storedUsers().first?.city == "Paris")
  }
}
