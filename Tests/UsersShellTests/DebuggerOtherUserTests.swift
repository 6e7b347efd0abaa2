import Foundation
import TerminalHarness
import Testing
import UserClientInterface

/// The debugger serves its own user only: the folder's and the socket's modes keep other users out, and, should
/// they be loosened, the server refuses a connection from another user id. CI runs as root, so the client runs as
/// `nobody` (`setpriv`) against a socket whose modes were opened on purpose: the peer check is what refuses it.
@MainActor struct DebuggerOtherUserTests {
  @Test(.enabled(if: getuid() == 0, "only root can start the client as another user (setpriv) on this machine"))
  func aClientOfAnotherUserIsRefusedByThePeerCheckEvenThroughAnOpenSocket() async throws {
    let folder = TemporaryFolder()
    try folder.seed([User.ada])
    let sockets = folder.path("debugger")
    let app = try PseudoTerminal(rows: 24, columns: 120)
    try app.launch(
      usersExecutable, ["--data-dir", folder.url.path, "--fresh", "--debug-server"],
      environment: ["NO_COLOR": "1", "COMPOSABLE_DEBUGGER_DIR": sockets])
    #expect(await app.waitFor("Users (1 of 1"))
    let socket = try #require(
      try FileManager.default.contentsOfDirectory(atPath: sockets).first { $0.hasSuffix(".sock") })
    let socketPath = sockets + "/" + socket
    // What a careless setup could do: the folder and the socket opened to everyone.
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: sockets)
    try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: folder.url.path)
    chmod(socketPath, 0o666)

    let client = Process()
    client.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
    client.arguments = [
      "--reuid=65534", "--regid=65534", "--clear-groups", debuggerClientExecutable.path, socketPath,
    ]
    let (output, errors) = (Pipe(), Pipe())
    client.standardInput = FileHandle.nullDevice
    client.standardOutput = output
    client.standardError = errors
    try client.run()
    let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    client.waitUntilExit()
    #expect(client.terminationStatus == 1)
    #expect(said == "composable-debugger: This app's debugger serves its own user only.\n", "\(said)")
    #expect(!printed.contains("Attached to"), "\(printed)")
    app.type("\u{04}")
    #expect(await app.waitForExit() == 0)
  }
}
