import ComposableDebugServer
import DebuggerKit
import Foundation

/// Attaches a client to the debugger served at `path` and follows it for the rest of the run, from a thread of its
/// own, as `composable-debugger`'s `:follow` does: what a developer watching the app live costs it.
func followDebugger(at path: String?) {
  guard let path else { return }
  Thread.detachNewThread {
    guard let client = try? DebugClient(socketPath: path) else { return }
    let console = DebuggerConsole(client: client)
    _ = console.follow(count: nil, shouldStop: { false }, print: { _ in })
  }
}
