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
  @Test func anExampleAskedWithTheOptionServesItsStoreOverTheSocketTransport() throws {
    // Taken, where an option the app does not know is refused (RecordingOpeningTests).
    let app = try terminalApp(initialState: Basket.State(), reducer: Basket(), arguments: ["--debug-server"]).get()
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("served-\(UUID().uuidString.prefix(8))")
    defer { try? FileManager.default.removeItem(at: folder) }
    let unasked = CountingTransport()
    #expect(TerminalDebugServing.start(asked: false, over: unasked) { try $0.serve(app.store, name: $1) } == nil)
    #expect(unasked.served.isEmpty)
    let server = try #require(
      TerminalDebugServing.start(asked: true, over: SocketDebuggerTransport(folder: folder)) {
        try $0.serve(app.store, name: $1)
      } as? DebugServer)
    defer { server.stop() }
    #expect(FileManager.default.fileExists(atPath: server.socketURL?.path ?? "/none"))
    // A refusal, or no transport linked, is one line and no server: the app goes on without it.
    #expect(
      TerminalDebugServing.start(asked: true, over: CountingTransport(refusing: "no room")) {
        try $0.serve(app.store, name: $1)
      } == nil)
    #expect(TerminalDebugServing.start(asked: true, over: nil) { try $0.serve(app.store, name: $1) } == nil)
  }
}
