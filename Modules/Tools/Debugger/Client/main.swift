import ComposableDebugServer
import DebuggerKit
import Foundation

// composable-debugger [SOCKET | NAME | PID]: attaches to an app that serves its debugger (Store.serveDebugger) and
// reads the debugger's commands from standard input.

let usage = """
  Usage: composable-debugger [SOCKET | NAME | PID]
         composable-debugger 127.0.0.1:PORT [--token TOKEN]
  Attaches to an app that serves its debugger (users --debug-server, COMPOSABLE_DEBUGGER=1, or
  Store.serveDebugger()). With no argument: the one app serving in the debugger's folder; with a name or a
  process id: the app serving under it; with a path: that socket. An app in a simulator serves on a loopback
  port: give its token (the app prints where it wrote it), or none when the token file is in this machine's
  debugger folder. ':help' lists the commands once attached.
  """

func fail(_ message: String, code: Int32) -> Never {
  FileHandle.standardError.write(Data("composable-debugger: \(message)\n".utf8))
  exit(code)
}

var arguments = Array(CommandLine.arguments.dropFirst())
if arguments.contains("--help") || arguments.contains("-h") {
  print(usage)
  exit(0)
}
var givenToken: String?
if let index = arguments.firstIndex(of: "--token") {
  guard index + 1 < arguments.count, !arguments[index + 1].hasPrefix("-") else {
    fail("--token needs the token the app wrote.", code: 2)
  }
  givenToken = arguments[index + 1]
  arguments.removeSubrange(index...(index + 1))
}
guard arguments.count <= 1 else { fail("one app at a time.\n\(usage)", code: 2) }
if let option = arguments.first, option.hasPrefix("-") { fail("unknown option '\(option)'.\n\(usage)", code: 2) }

/// The loopback port in `argument` (`127.0.0.1:PORT`, `localhost:PORT`), if it names one.
func loopbackPort(in argument: String?) -> UInt16? {
  guard let argument, let colon = argument.lastIndex(of: ":") else { return nil }
  let host = argument[..<colon]
  guard host == "127.0.0.1" || host == "localhost" else {
    fail("the debugger is served on 127.0.0.1 only, not on \(host).", code: 2)
  }
  guard let port = UInt16(argument[argument.index(after: colon)...]), port > 0 else {
    fail("'\(argument)' has no port: 127.0.0.1:PORT.", code: 2)
  }
  return port
}

/// The socket to attach to, from the argument and the sockets that answer in the folder.
func socketPath(for argument: String?) -> String {
  if let argument, argument.contains("/") { return argument }
  let folder = DebugSocketFolder.url()
  let candidates = DebugSocketFolder.sockets(in: folder).filter { socket in
    guard let argument else { return true }
    let name = socket.deletingPathExtension().lastPathComponent
    return name == argument || name.hasPrefix(argument + "-") || name.hasSuffix("-" + argument)
  }
  // A socket whose app ended without removing it does not answer.
  let answering = candidates.filter { (try? DebugSocket.connect(to: $0.path))?.close() != nil }
  switch answering.count {
  case 1: return answering[0].path
  case 0:
    let which = argument.map { " as '\($0)'" } ?? ""
    fail(
      "no app serves a debugger\(which) in \(folder.path): start one with 'users --debug-server' or "
        + "COMPOSABLE_DEBUGGER=1.", code: 1)
  default:
    let names = answering.map { "  " + $0.deletingPathExtension().lastPathComponent }.joined(separator: "\n")
    fail("several apps serve a debugger; name one (its name or process id):\n\(names)", code: 2)
  }
}

let client: DebugClient
do {
  if let port = loopbackPort(in: arguments.first) {
    guard let token = givenToken ?? DebugSocketFolder.token(forPort: port, in: DebugSocketFolder.url()) else {
      fail(
        "no token for 127.0.0.1:\(port) in \(DebugSocketFolder.url().path): give the one the app printed with "
          + "--token.", code: 2)
    }
    client = try DebugClient(loopbackPort: port, token: token)
  } else {
    if givenToken != nil { fail("--token goes with 127.0.0.1:PORT; a socket needs none.", code: 2) }
    client = try DebugClient(socketPath: socketPath(for: arguments.first))
  }
} catch {
  fail(error.message, code: 1)
}
let console = DebuggerConsole(client: client)
let interactive = isatty(STDIN_FILENO) == 1
let lines = StandardInputLines()

func say(_ text: String) {
  guard !text.isEmpty else { return }
  FileHandle.standardOutput.write(Data((text + "\n").utf8))
}

say((client.greeting.text ?? "") + " ':help' lists the commands.")
while true {
  if interactive { FileHandle.standardOutput.write(Data("debugger> ".utf8)) }
  guard let line = lines.next() else { break }
  if !interactive { say("debugger> " + line) }
  switch console.run(line) {
  case let .text(text): say(text)
  case let .error(message):
    say("error: " + message)
    if message.hasPrefix("the app closed") { exit(1) }
  case let .follow(count):
    // With a count, standard input is left for the commands after it; without one, the next line stops it.
    let result = console.follow(
      count: count, announcement: count == nil ? "Following the app's actions; press Enter to stop." : nil,
      shouldStop: { count == nil && lines.hasLineOrEnded(consuming: true) }
    ) { say($0) }
    if case let .failure(error) = result { fail(error.message, code: 1) }
  case .quit: exit(0)
  }
}
