import TerminalHarness
import ComposableTesting
import Foundation
import SystemSQLite
import Testing
import UserClientInterface

/// What a user meets on a bad day, at a real (pseudo-)terminal: a users.db that another program made, and a disk
/// that is already full when the app starts.
@MainActor struct BadDayTerminalTests {
  @Test func anotherProgramsDatabaseIsMovedAsideByteForByteAndSaidAtTheFirstScreen() async throws {
    let folder = TemporaryFolder()
    let database = folder.path("users.db")
    try SQLiteDatabase(path: database).execute(
      "CREATE TABLE notes(id INTEGER PRIMARY KEY, body TEXT); INSERT INTO notes(body) VALUES ('mine');")
    let original = try Data(contentsOf: URL(fileURLWithPath: database))
    try folder.completeOnboarding()

    let terminal = try PseudoTerminal(rows: 30, columns: 400)
    try terminal.launch(usersExecutable, ["--data-dir", folder.url.path, "--fresh"], environment: ["NO_COLOR": "1"])
    #expect(
      await terminal.waitFor(
        "(it is a SQLite database of another program, with the tables notes); it was kept at \(database).foreign"))
    #expect(
      await terminal.waitFor(
        "Retry to start a new, empty directory in its place; the old file stays at \(database).foreign."))
    #expect(await terminal.type("retry\r", thenWaitFor: "Users (0 of 0"))
    // The directory that took its place works: a user added is there at the next start.
    #expect(await terminal.type("add\r", thenWaitFor: "New user"))
    #expect(await terminal.type("name Ada Lovelace\r", thenWaitFor: "name : Ada Lovelace"))
    #expect(await terminal.type("email ada@example.org\r", thenWaitFor: "email: ada@example.org"))
    #expect(await terminal.type("save\r", thenWaitFor: "city:  (none)"))
    terminal.type("\u{04}")
    #expect(await terminal.waitForExit() == 0)
    #expect(try Data(contentsOf: URL(fileURLWithPath: database + ".foreign")) == original, "byte for byte")
    let next = await runShell(["--data-dir", folder.url.path], input: ["quit"])
    #expect(next.output.contains("Ada Lovelace"))
    #expect(!next.output.contains("another program"), "said once, when it was moved")
  }

  @Test(
    .requiresPath("/usr/bin/unshare"),
    .enabled(if: FullDisk.canMount, "no tmpfs can be mounted in a user namespace here, so no disk can be filled"))
  func aDiskFullAtStartShowsTheUsersAndSaysTheDiskIsFullAtTheFirstSave() async throws {
    let seeded = TemporaryFolder()
    try seeded.seed(SampleUsers.all)
    #expect(await runShell(["--data-dir", seeded.url.path], input: ["quit"]).exitCode == 0)
    let mountPoint = TemporaryFolder()

    let terminal = try PseudoTerminal(rows: 30, columns: 250)
    try terminal.launch(
      FullDisk.unshare,
      FullDisk.arguments(copying: seeded.url, onto: mountPoint.url, running: usersExecutable, ["--fresh"]),
      environment: ["NO_COLOR": "1"])
    #expect(await terminal.waitFor("Users (36 of 36"), "the users are shown: they can be read")
    #expect(await terminal.type("search grace\r", thenWaitFor: "Grace Thompson"))
    #expect(await terminal.type("open 1\r", thenWaitFor: "email: grace.hopper@example.com"))
    #expect(await terminal.type("edit\r", thenWaitFor: "Edit user"))
    #expect(await terminal.type("city Rome\r", thenWaitFor: "city : Rome"))
    #expect(
      await terminal.type(
        "save\r",
        thenWaitFor: "Nothing can be saved in the data folder \(mountPoint.url.path) (the disk is full)"))
    #expect(await terminal.waitFor("Free some space on the disk, then retry; the form keeps what you typed."))
    #expect(!terminal.output(since: 0).contains("readable"), "never that the folder cannot be read")
    terminal.type("\u{04}")
    #expect(await terminal.waitForExit() == 0)
  }
}

/// A disk that is full when the app starts: a small memory file system, mounted in a mount namespace of the
/// process's own (`unshare`, no privilege needed where user namespaces are allowed), holding a copy of a data
/// folder and a filler file that takes every byte left.
enum FullDisk {
  static let unshare = URL(fileURLWithPath: "/usr/bin/unshare")

  /// Whether this machine lets a process mount a memory file system in a namespace of its own.
  static let canMount: Bool = {
    guard FileManager.default.isExecutableFile(atPath: unshare.path) else { return false }
    let folder = TemporaryFolder()
    let process = Process()
    process.executableURL = unshare
    process.arguments = ["-rm", "sh", "-c", "mount -t tmpfs -o size=64k tmpfs '\(folder.url.path)'"]
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return false }
    process.waitUntilExit()
    return process.terminationStatus == 0
  }()

  /// `unshare`'s arguments: mount a 2 MB file system on `mountPoint`, copy `folder` onto it, fill what is left,
  /// then run `executable` on it with `arguments` after `--data-dir`.
  static func arguments(copying folder: URL, onto mountPoint: URL, running executable: URL, _ arguments: [String])
    -> [String]
  {
    let run = ([executable.path, "--data-dir", mountPoint.path] + arguments).map { "'\($0)'" }.joined(separator: " ")
    let script = """
      set -e
      mount -t tmpfs -o size=2m tmpfs '\(mountPoint.path)'
      cp -a '\(folder.path)'/. '\(mountPoint.path)'/
      dd if=/dev/zero of='\(mountPoint.path)/filler' bs=4k 2>/dev/null || true
      exec \(run)
      """
    return ["-rm", "sh", "-c", script]
  }
}
