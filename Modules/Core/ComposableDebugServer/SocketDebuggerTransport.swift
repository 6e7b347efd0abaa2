import Composable
import ComposableDebugger
import Foundation

/// Serves a terminal app's debugger on a Unix socket in the debugger's folder (`Store.serveDebugger(name:in:)`):
/// what an executable passes to `runInTerminal` to offer `--debug-server`.
public struct SocketDebuggerTransport: DebuggerTransport {
  /// Where the socket goes.
  public let folder: URL

  /// A transport serving in `folder` (the debugger's folder by default).
  public init(folder: URL = DebugSocketFolder.url()) {
    self.folder = folder
  }

  /// Serves `store`'s debugger as `name`, or throws why not (`DebugSocketError`).
  @MainActor public func serve<State, Action>(_ store: Store<State, Action>, name: String) throws -> any ServedDebugger
  {
    try store.serveDebugger(name: name, in: folder)
  }
}

extension DebuggerTransport where Self == SocketDebuggerTransport {
  /// A Unix socket in the debugger's folder.
  public static var socket: SocketDebuggerTransport { SocketDebuggerTransport() }
}

extension DebugServer: ServedDebugger {}
