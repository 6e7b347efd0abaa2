import Composable
import ComposableDebugServer
import ComposableDebugger
import ComposableTesting
import Foundation
import TerminalApp
import Testing

/// A transport that only counts what it was asked to serve, or refuses.
private final class CountingTransport: DebuggerTransport, @unchecked Sendable {
  private(set) var served: [String] = []
  let refusal: String?

  init(refusing refusal: String? = nil) { self.refusal = refusal }

  @MainActor func serve<State, Action>(_ store: Store<State, Action>, name: String) throws -> any ServedDebugger {
    if let refusal { throw DebugSocketError(refusal) }
    served.append(name)
    return Served()
  }

  final class Served: ServedDebugger {
    var servingLine: String { "serving nowhere" }
    func stop() {}
  }
}

/// Every feature's terminal app serves its debugger when asked (`--debug-server` or `COMPOSABLE_DEBUGGER=1`), over
/// the transport its executable linked.
@MainActor struct ServedDebuggerTests {
  @Test func anExampleAskedWithTheOptionServesItsStoreOverTheSocketTransport() async throws {
    // Taken, where an option the app does not know is refused (RecordingOpeningTests); what the command line asks
    // is what serving is started with.
    let app = try terminalApp(initialState: Basket.State(), reducer: Basket(), arguments: ["--debug-server"]).get()
    #expect(app.servesDebugger)
    let quiet = try terminalApp(initialState: Basket.State(), reducer: Basket(), arguments: []).get()
    #expect(!quiet.servesDebugger)
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("served-\(UUID().uuidString.prefix(8))")
    defer { try? FileManager.default.removeItem(at: folder) }
    let unasked = CountingTransport()
    #expect(
      TerminalDebugServing.start(asked: quiet.servesDebugger, over: unasked) { try $0.serve(quiet.store, name: $1) }
        == nil)
    #expect(unasked.served.isEmpty)
    let server = try #require(
      TerminalDebugServing.start(asked: app.servesDebugger, over: SocketDebuggerTransport(folder: folder)) {
        try $0.serve(app.store, name: $1)
      } as? DebugServer)
    defer { server.stop() }
    let socketPath = try #require(server.socketURL?.path)
    // A client sends the app an action over the socket, and the app's store reduces it.
    let answer = try await Task.detached { try askOnce(socketPath, run: ":send add") }.value
    #expect(answer.contains("\"ok\":true") && answer.contains("Sent #1 add (and 1 action it led to)."), "\(answer)")
    #expect(app.store.currentState.count == 1)
    // A refusal, or no transport linked, is one line and no server: the app goes on without it.
    #expect(
      TerminalDebugServing.start(asked: true, over: CountingTransport(refusing: "no room")) {
        try $0.serve(app.store, name: $1)
      } == nil)
    #expect(TerminalDebugServing.start(asked: true, over: nil) { try $0.serve(app.store, name: $1) } == nil)
  }
}

/// Connects to the socket at `path`, reads the greeting, asks `run` with `line`, and returns the answer's line
/// (off the main actor: the app answers there).
private func askOnce(_ path: String, run line: String) throws -> String {
  let socket = try DebugSocket.connect(to: path)
  defer { socket.close() }
  let reader = SocketLineReader(socket, longest: 1 << 20)
  _ = reader.next()
  socket.write(DebugRequest(id: 1, command: "run", argument: line).jsonLine())
  guard case let .line(answer) = reader.next() else { return "(no answer)" }
  return answer
}
