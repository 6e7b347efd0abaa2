import Foundation
import TerminalHarness
import Testing
import UserClientInterface

/// The debugger attached from another terminal, as a user tries it: `users --debug-server` at one pseudo-terminal,
/// `composable-debugger` at another.
@MainActor struct AttachedDebuggerTests {
  /// A socket folder that does not exist yet: the app makes it, mode 0700 (a temporary folder is 0755, refused).
  private func socketFolder(in folder: TemporaryFolder) -> String { folder.path("debugger") }

  /// Types `command` at the client and waits for `answer` after it, then for the next prompt; what came after the
  /// echoed command (so an answer cannot pass by repeating the command). A timeout is a failure of its own.
  private func ask(
    _ client: PseudoTerminal, _ command: String, answer: String, sourceLocation: SourceLocation = #_sourceLocation
  ) async -> String {
    let mark = client.mark
    client.type(command + "\r")
    guard await client.waitFor(answer, since: mark, timeout: .seconds(20)),
      await client.waitFor("debugger> ", since: mark + command.utf8.count + 1)
    else {
      let seen = client.output(since: mark)
      Issue.record("no '\(answer)' after \(command): \(seen)", sourceLocation: sourceLocation)
      return "(timed out)"
    }
    let output = client.output(since: mark)
    guard let echo = output.range(of: command) else { return output }
    return String(output[echo.upperBound...])
  }

  @Test func aClientInAnotherTerminalFollowsJumpsDiffsSkipsSendsAndExportsARecordingThatReplays() async throws {
    let folder = TemporaryFolder()
    try folder.seed(SampleUsers.all)
    let sockets = socketFolder(in: folder)
    let app = try PseudoTerminal(rows: 24, columns: 200)
    try app.launch(
      usersExecutable, ["--data-dir", folder.url.path, "--fresh", "--debug-server"],
      environment: ["NO_COLOR": "1", "COMPOSABLE_DEBUGGER_DIR": sockets])
    #expect(await app.waitFor("Users (36 of 36"))
    let client = try PseudoTerminal(rows: 50, columns: 200)
    try client.launch(debuggerClientExecutable, [], environment: ["COMPOSABLE_DEBUGGER_DIR": sockets])
    #expect(await client.waitFor("Attached to users (process "))
    #expect(await client.waitFor("debugger> "))

    // Three commands typed in the app arrive at the client as they happen.
    var mark = client.mark
    client.type(":follow\r")
    #expect(await client.waitFor("press Enter to stop", since: mark))
    for (command, screen) in [("open 2", "email: "), ("back", "Users ("), ("next", "page 2 of 2")] {
      let appMark = app.mark
      app.type(command + "\r")
      #expect(await app.waitFor(screen, since: appMark), "\(command)")
    }
    #expect(await client.waitFor("list.userTapped(", since: mark))
    #expect(await client.waitFor("path.popFrom(", since: mark))
    #expect(await client.waitFor("list.pageShown(2)", since: mark))
    client.type("\r")
    #expect(await client.waitFor("debugger> ", since: client.mark - 1))

    let timeline = await ask(client, ":timeline tapped", answer: "Actions matching 'tapped'")
    let tapped = try #require(timeline.firstMatch(of: /#(\d+) +\S+ +command +list\.userTapped/)?.output.1)
    #expect(await ask(client, ":at \(tapped)", answer: "the state after it:").contains("path: StackState("))
    #expect(await ask(client, ":diff \(tapped)", answer: "changed").contains("list.userTapped("))
    let skipped = await ask(client, ":skip \(tapped)", answer: "Without #\(tapped) list.userTapped(")
    #expect(skipped.contains("reduced again (effects not run; the app is untouched)"))

    // An action sent from the client moves the app's screen; one that does not decode is refused.
    mark = app.mark
    let sent = await ask(client, #":send {"list":{"_0":{"userTapped":{"_0":5}}}}"#, answer: "Sent #")
    #expect(sent.contains("list.userTapped(5)"))
    #expect(await app.waitFor("id:    5", since: mark))
    let refused = await ask(client, #":send {"list":{"_0":{"explode":{}}}}"#, answer: "error: ")
    #expect(refused.contains("is not an action of AppFeature.Action"))

    // A second client is served beside the first.
    let second = try PseudoTerminal(rows: 30, columns: 200)
    try second.launch(debuggerClientExecutable, ["users"], environment: ["COMPOSABLE_DEBUGGER_DIR": sockets])
    #expect(await second.waitFor("debugger> "))
    // The list follows the directory, and so does the user the sent action opened: both effects are listed.
    let effects = await ask(second, ":effects", answer: "running")
    #expect(
      effects.contains(/2 effects running:\s+effect \d+ .* started by #\d+ list\.followChangesElsewhere/), "\(effects)")
    #expect(effects.contains(/started by #\d+ path\[id: \d+\]\.detail\.followChangesElsewhere/), "\(effects)")
    second.type(":quit\r")
    #expect(await second.waitForExit() == 0)

    let export = folder.path("session.jsonl")
    #expect(await ask(client, ":export \(export)", answer: "Wrote ").contains("'--replay \(export) --step' opens it"))
    client.type(":quit\r")
    #expect(await client.waitForExit() == 0)
    app.type("\u{04}")
    #expect(await app.waitForExit() == 0)
    #expect((try? FileManager.default.contentsOfDirectory(atPath: sockets)) == [], "the socket goes with the app")

    // The export opens in another folder, stepped through from its first action.
    let elsewhere = TemporaryFolder()
    try elsewhere.seed(SampleUsers.all)
    let replayed = await runShell(
      ["--data-dir", elsewhere.url.path, "--replay", export, "--step"], input: [":timeline tapped", ":resume"])
    #expect(replayed.exitCode == 0, "\(replayed.errors)")
    #expect(replayed.output.hasPrefix("#1 of "))
    #expect(replayed.output.contains("list.userTapped(5)"))
  }

  /// A feature's Example serves when asked on its own command line: its executable links the socket transport and
  /// hands it to `runInTerminal`, which `TerminalApp` no longer links itself.
  @Test func anExampleAskedWithDebugServerOnItsCommandLineServesAClientThatSendsIt() async throws {
    let folder = TemporaryFolder()
    let sockets = socketFolder(in: folder)
    let app = try PseudoTerminal(rows: 24, columns: 200)
    try app.launch(
      exampleExecutable("UserListExample"), ["--debug-server"],
      environment: ["NO_COLOR": "1", "COMPOSABLE_DEBUGGER_DIR": sockets])
    #expect(await app.waitFor("UserListExample: serving the debugger at \(sockets)/UserListExample-"))
    #expect(await app.waitFor("users> "))
    let client = try PseudoTerminal(rows: 30, columns: 200)
    try client.launch(debuggerClientExecutable, [], environment: ["COMPOSABLE_DEBUGGER_DIR": sockets])
    #expect(await client.waitFor("Attached to UserListExample (process "))
    #expect(await client.waitFor("debugger> "))
    let sent = await ask(client, #":send {"pageShown":{"_0":2}}"#, answer: "Sent #")
    #expect(sent.contains("pageShown(2)"), "\(sent)")
    #expect(
      await ask(client, ":timeline pageShown", answer: "matching 'pageShown'").contains("command          pageShown(2)")
    )
    client.type(":quit\r")
    #expect(await client.waitForExit() == 0)
    app.type("\u{04}")
    #expect(await app.waitForExit() == 0)
    #expect((try? FileManager.default.contentsOfDirectory(atPath: sockets)) == [], "the socket goes with the app")
  }

  @Test func whatCannotBeServedOrReachedIsSaidInOneLine() async throws {
    let folder = TemporaryFolder()
    try folder.seed(SampleUsers.all)
    // No app serves: the client says where it looked.
    let none = try await runProcess(
      debuggerClientExecutable, [], environment: ["COMPOSABLE_DEBUGGER_DIR": folder.path("none")])
    #expect(none.status == 1)
    #expect(none.errors.contains("no app serves a debugger in \(folder.path("none"))"))

    // A folder others can open is refused by the app, which goes on without the debugger.
    let open = folder.path("open")
    try FileManager.default.createDirectory(atPath: open, withIntermediateDirectories: true)
    chmod(open, 0o755)
    let refusedRun = await runShell(
      ["--data-dir", folder.url.path, "--debug-server"], input: ["quit"], environment: ["COMPOSABLE_DEBUGGER_DIR": open]
    )
    #expect(refusedRun.exitCode == 0)
    #expect(
      refusedRun.errors.contains("users: cannot serve the debugger: \(open) can be opened by other users (mode 755)"))

    // Another user cannot reach the socket: the folder is 0700 and the socket 0600 (proved by switching user where
    // the tests run as root).
    let sockets = folder.path("debugger")
    let app = try PseudoTerminal(rows: 24, columns: 200)
    try app.launch(
      usersExecutable, ["--data-dir", folder.url.path, "--fresh", "--debug-server"],
      environment: ["NO_COLOR": "1", "COMPOSABLE_DEBUGGER_DIR": sockets])
    #expect(await app.waitFor("Users (36 of 36"))
    let socket = try #require(try FileManager.default.contentsOfDirectory(atPath: sockets).first)
    let socketPath = sockets + "/" + socket
    #expect(permissions(of: sockets) == 0o700)
    #expect(permissions(of: socketPath) == 0o600)
    if geteuid() == 0, FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") {
      // The other user may not even reach the client binary under the build folder: it runs a copy in /tmp.
      let copy = FileManager.default.temporaryDirectory.appendingPathComponent("composable-debugger-\(getpid())")
      try? FileManager.default.removeItem(at: copy)
      try FileManager.default.copyItem(at: debuggerClientExecutable, to: copy)
      defer { try? FileManager.default.removeItem(at: copy) }
      let other = try await runProcess(
        URL(fileURLWithPath: "/usr/bin/setpriv"),
        ["--reuid=65534", "--regid=65534", "--clear-groups", copy.path, socketPath], environment: [:])
      #expect(other.status != 0)
      #expect(other.errors.contains("cannot connect to \(socketPath): Permission denied"), "\(other.errors)")
    }
    // The app answered its own commands all along.
    let mark = app.mark
    app.type("open 1\r")
    #expect(await app.waitFor("email: ", since: mark))
    app.type("\u{04}")
    #expect(await app.waitForExit() == 0)
  }

  @Test func aSimulatorsAppServesOnALoopbackPortToTheClientWithItsToken() async throws {
    let folder = TemporaryFolder()
    try folder.seed(SampleUsers.all)
    let sockets = folder.path("debugger")
    let app = try PseudoTerminal(rows: 24, columns: 200)
    try app.launch(
      usersExecutable, ["--data-dir", folder.url.path, "--fresh", "--debug-server"],
      environment: ["NO_COLOR": "1", "COMPOSABLE_DEBUGGER_DIR": sockets, "COMPOSABLE_DEBUGGER_PORT": "0"])
    #expect(await app.waitFor("Users (36 of 36"))
    let serving = #/serving the debugger at 127\.0\.0\.1:(\d+), its token in /#
    let port = try #require(app.output.firstMatch(of: serving)?.output.1)

    let wrong = try await runProcess(
      debuggerClientExecutable, ["127.0.0.1:\(port)", "--token", "guess"],
      environment: ["COMPOSABLE_DEBUGGER_DIR": sockets])
    #expect(wrong.status == 1)
    #expect(wrong.errors == "composable-debugger: Wrong token: this app's debugger was not opened to you.\n")

    let client = try PseudoTerminal(rows: 30, columns: 200)
    try client.launch(
      debuggerClientExecutable, ["127.0.0.1:\(port)"], environment: ["COMPOSABLE_DEBUGGER_DIR": sockets])
    #expect(await client.waitFor("Attached to users (process "))
    #expect(await ask(client, ":timeline", answer: "Actions 1–").contains("appStarted("))
    client.type(":quit\r")
    #expect(await client.waitForExit() == 0)
    app.type("\u{04}")
    #expect(await app.waitForExit() == 0)
    #expect((try? FileManager.default.contentsOfDirectory(atPath: sockets)) == [], "the token file goes with the app")
  }

  /// A piped session waiting for its next line still answers the client and reduces what it sends: the app reads
  /// its pipe off the main actor. (It answered only once a line came, the session blocking the main actor.)
  @Test func aPipedSessionWaitingOnAQuietPipeAnswersTheClient() async throws {
    let folder = TemporaryFolder()
    try folder.seed(SampleUsers.all)
    let sockets = socketFolder(in: folder)
    let process = Process()
    process.executableURL = usersExecutable
    process.arguments = ["--data-dir", folder.url.path, "--fresh", "--debug-server"]
    process.environment = ProcessInfo.processInfo.environment.merging(["COMPOSABLE_DEBUGGER_DIR": sockets]) { $1 }
    let input = Pipe()
    process.standardInput = input
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    defer { if process.isRunning { process.terminate() } }
    // Nothing is written to the pipe until the client has been answered.
    let deadline = ContinuousClock.now + .seconds(20)
    while (try? FileManager.default.contentsOfDirectory(atPath: sockets))?.isEmpty ?? true,
      ContinuousClock.now < deadline
    {
      try await Task.sleep(for: .milliseconds(20))
    }
    let client = try PseudoTerminal(rows: 30, columns: 200)
    try client.launch(debuggerClientExecutable, [], environment: ["COMPOSABLE_DEBUGGER_DIR": sockets])
    #expect(await client.waitFor("Attached to users (process "))
    #expect(await ask(client, ":timeline", answer: "Actions 1–").contains("appStarted("))
    let sent = await ask(client, #":send {"list":{"_0":{"userTapped":{"_0":5}}}}"#, answer: "Sent #")
    #expect(sent.contains("list.userTapped(5)"))
    client.type(":quit\r")
    #expect(await client.waitForExit() == 0)
    input.fileHandleForWriting.write(Data("quit\n".utf8))
    try input.fileHandleForWriting.close()
    let box = UncheckedBox(process)
    let status = await withCheckedContinuation { continuation in
      DispatchQueue.global().async {
        box.value.waitUntilExit()
        continuation.resume(returning: box.value.terminationStatus)
      }
    }
    #expect(status == 0)
  }

  private func permissions(of path: String) -> mode_t {
    var status = stat()
    return lstat(path, &status) == 0 ? status.st_mode & 0o777 : 0
  }
}

/// What a process printed on standard error, and how it ended.
private struct ProcessRun {
  let status: Int32
  let errors: String
}

/// Runs `executable` to its end with no input, off the main actor.
private func runProcess(_ executable: URL, _ arguments: [String], environment: [String: String]) async throws
  -> ProcessRun
{
  let process = Process()
  process.executableURL = executable
  process.arguments = arguments
  process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
  let stderr = Pipe()
  process.standardError = stderr
  process.standardOutput = Pipe()
  process.standardInput = FileHandle.nullDevice
  try process.run()
  let box = UncheckedBox((process, stderr))
  return await withCheckedContinuation { continuation in
    DispatchQueue.global().async {
      let (process, stderr) = box.value
      let errors = String(decoding: readAll(stderr), as: UTF8.self)
      process.waitUntilExit()
      continuation.resume(returning: ProcessRun(status: process.terminationStatus, errors: errors))
    }
  }
}
