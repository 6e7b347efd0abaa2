import Foundation
import SystemSQLite
import Testing
import UserClientInterface
import UserClientTesting
import UsersShell

/// Waits until another process holds the write lock of the database at `file` (it is inside a save): held at two
/// looks 50 ms apart, so a moment's lock (a checkpoint) is not taken for a save.
func waitUntilWriting(_ file: URL, within limit: Duration = .seconds(10)) async throws {
  func isLocked() throws -> Bool {
    guard FileManager.default.fileExists(atPath: file.path) else { return false }
    let probe = try SQLiteDatabase(path: file.path, busyTimeout: .zero)
    do {
      try probe.execute("BEGIN IMMEDIATE")
      try probe.execute("ROLLBACK")
      return false
    } catch let error as SQLiteError where error.isBusy {
      return true
    }
  }
  let deadline = ContinuousClock.now + limit
  while ContinuousClock.now < deadline {
    if try isLocked() {
      try await Task.sleep(for: .milliseconds(50))
      if try isLocked() { return }
    }
    try await Task.sleep(for: .milliseconds(5))
  }
  Issue.record("nobody took the write lock of \(file.lastPathComponent) within \(limit)")
}

/// A `users` process in a new folder of Ada and Grace, inside a save of Ada that holds the database's write lock
/// for `latency` milliseconds; with the folder and the database file.
@MainActor func startSaveHoldingTheLock(latency: Int) async throws -> (TemporaryFolder, URL, (Process, Pipe, Pipe)) {
  let folder = TemporaryFolder()
  try folder.seed([User.ada, User.grace])
  let database = folder.url.appendingPathComponent("users.db")
  let launched = try launchUsers(
    ["--data-dir", folder.url.path, "--latency", "\(latency)"], input: "open 1\nedit\ncity Paris\nsave\n")
  try await waitUntilWriting(database, within: .seconds(30))
  return (folder, database, launched)
}

/// The built `users` executable itself, run as a child process: exit codes, standard streams, signals, and
/// two processes on one data folder.
@MainActor struct ExecutableTests {
  @Test func theBinaryIsFoundBesideTheImageTheTestsWereLoadedFrom() throws {
    // Asked of the dynamic loader, not of `Bundle.allBundles`, which misses a bundle loaded with `dlopen` (as
    // `swift test`'s helper on macOS loads it).
    let folder = try #require(loadedImageFolder)
    #expect(FileManager.default.isExecutableFile(atPath: folder.appendingPathComponent("users").path))
    #expect(usersExecutable.deletingLastPathComponent().standardizedFileURL.resolvingSymlinksInPath() == folder)
  }

  @Test func pipedCommandsRunAndAFailureSetsTheExitCode() async throws {
    #expect(
      FileManager.default.isExecutableFile(atPath: usersExecutable.path), "no users binary: \(usersExecutable.path)")
    // Found beside the tests whatever the folder is called; of the tests' own configuration all the same.
    let version = try await runUsersExecutable(["--version"], commands: [])
    // The process capped glibc's arenas before its session (main.swift, before UsersShell.run), as it says.
    #if canImport(Glibc)
      let allocator = "; malloc arenas capped at 2"
    #else
      let allocator = ""
    #endif
    #expect(version.output == "users \(UsersShell.version) (\(testedConfiguration) build\(allocator))\n")
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
    // The save holds the write lock for 2 s (a slow disk): interrupted there, it must leave the users as they were.
    let (folder, _, launched) = try await startSaveHoldingTheLock(latency: 2000)
    launched.0.interrupt()
    _ = await finish(launched)
    #expect(launched.0.terminationReason == .uncaughtSignal)
    #expect(try folder.storedUsers() == [User.ada, User.grace])
    // No temporary file is left behind: only the data files the app keeps, SQLite's, and the lock's companion.
    let kept = [
      "users.db", "users.db-wal", "users.db-shm", "users.json.imported", "settings.json", "analytics.jsonl",
      ".users.db.lock",
    ]
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.url.path).filter { !kept.contains($0) }
    #expect(leftovers == [])
  }

  @Test func aProcessKilledWhileHoldingTheLockNeitherBlocksNorDamagesTheFile() async throws {
    let (folder, _, launched) = try await startSaveHoldingTheLock(latency: 5000)
    kill(launched.0.processIdentifier, SIGKILL)
    _ = await finish(launched)
    #expect(launched.0.terminationReason == .uncaughtSignal)
    #expect(try folder.storedUsers() == [User.ada, User.grace])
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
    // The slow process is inside its save of Ada (holding the lock 3 s) when the fast one, which loaded
    // Ada before that save ends, saves Ada too: it waits for the lock, then finds Ada changed and is refused.
    let slow = try launchUsers(
      ["--data-dir", folder.url.path, "--fresh", "--latency", "3000"],
      input: "open 1\nedit\ncity Slow\nsave\nquit\n")
    try await waitUntilWriting(folder.url.appendingPathComponent("users.db"), within: .seconds(30))
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

  @Test func aProcessKilledInTheMiddleOfAnImportLeavesAllOfItOrNoneAndADatabaseThatChecksOut() async throws {
    let folder = TemporaryFolder()
    try folder.seed([User.ada, User.grace])
    _ = try await runUsersExecutable(["--data-dir", folder.url.path, "--fresh"], commands: ["quit"])
    let incoming = (3..<40_003).map { User(id: User.ID($0), name: "Person \($0)", email: "p\($0)@example.org") }
    let file = folder.path("incoming.json")
    try JSONEncoder().encode(incoming).write(to: URL(fileURLWithPath: file))
    let launched = try launchUsers(["import", file, "--data-dir", folder.url.path], input: "")
    // Killed inside the import's one transaction.
    try await waitUntilWriting(folder.url.appendingPathComponent("users.db"), within: .seconds(30))
    kill(launched.0.processIdentifier, SIGKILL)
    _ = await finish(launched)
    #expect(launched.0.terminationReason == .uncaughtSignal)
    #expect(try folder.storedUsers() == [User.ada, User.grace])
    let database = try SQLiteDatabase(path: folder.path("users.db"))
    #expect(try database.firstRow("PRAGMA integrity_check") { $0.text(0) } == "ok")
    // The search index agrees with the table (FTS5 checks itself; a mismatch is an error).
    try database.execute("INSERT INTO users_search(users_search) VALUES ('integrity-check')")
    // Run again to its end, the import lands whole.
    let again = try await runUsersExecutable(["import", file, "--data-dir", folder.url.path], commands: [])
    #expect(again.exitCode == 0, "\(again.errors)")
    #expect(try folder.storedUsers().count == 40_002)
  }
}
