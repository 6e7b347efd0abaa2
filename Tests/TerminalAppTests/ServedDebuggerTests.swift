import Composable
import ComposableDebugServer
import ComposableTesting
import Foundation
import TerminalApp
import Testing

/// Every feature's terminal app serves its debugger when asked: `--debug-server` or `COMPOSABLE_DEBUGGER=1`.
@MainActor struct ServedDebuggerTests {
  @Test func anExampleAskedWithTheOptionServesItsStoreWithActionsThatCanBeSent() throws {
    // Taken, where an option the app does not know is refused (RecordingOpeningTests).
    let app = try terminalApp(initialState: Basket.State(), reducer: Basket(), arguments: ["--debug-server"]).get()
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("served-\(UUID().uuidString.prefix(8))")
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(
      ServedDebugger.start(asked: false) { _ throws(DebugSocketError) in
        Issue.record("served unasked"); throw DebugSocketError("")
      } == nil)
    let server = try #require(
      ServedDebugger.start(asked: true) { (name: String) throws(DebugSocketError) in
        try app.store.serveDebugger(name: name, in: folder)
      })
    defer { server.stop() }
    #expect(FileManager.default.fileExists(atPath: server.socketURL?.path ?? "/none"))
    // A refusal is one line and no server: the app goes on without it.
    #expect(
      ServedDebugger.start(asked: true) { _ throws(DebugSocketError) in throw DebugSocketError("no room") } == nil)
  }
}
