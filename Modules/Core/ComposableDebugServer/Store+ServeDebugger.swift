import Composable
import ComposableDebugger
import Foundation
import Sharing

extension Store {
  /// Serves this root store's debugger to clients in other terminals (`composable-debugger`): its timeline,
  /// states, diffs, running effects and what is alive, on a Unix socket in `folder`, named after the app and its
  /// process id; with `loopbackPort` (0: any free one), on 127.0.0.1 instead, for an app in a simulator, with a
  /// token a client gives first, written in `folder` to a file of mode 0600. Starts a timeline if the store keeps
  /// none. When the app's actions are `Codable`, a client can also send one and export the kept actions as a
  /// recording that `--replay FILE --step` opens. Keep it out of release builds with `#if DEBUG`.
  ///
  /// Serves until `stop()`, the store's release (its socket or token file goes with it) or the end of the process;
  /// the store is not kept alive by it. Inlinable, so that the timeline it starts records through code
  /// specialized for the store's types where the caller knows them.
  @inlinable @discardableResult
  public func serveDebugger(
    name: String = ProcessInfo.processInfo.processName, loopbackPort: UInt16? = nil,
    in folder: URL = DebugSocketFolder.url()
  ) throws(DebugSocketError) -> DebugServer {
    if timeline == nil { recordTimeline() }
    return try serveDebugger(name: name, port: loopbackPort, folder: folder) {
      StoreDebugger(store: $0, side: .attached)
    }
  }

  /// Starts the server over a service that answers for this store.
  @usableFromInline func serveDebugger(
    name: String, port: UInt16?, folder: URL,
    makeDebugger: @escaping @MainActor (Store<State, Action>) -> StoreDebugger<State, Action>?
  ) throws(DebugSocketError) -> DebugServer {
    guard rootState != nil else { throw DebugSocketError("only a root store serves a debugger, not a scoped one") }
    if timeline == nil { recordTimeline() }
    try DebugSocketFolder.prepare(folder)
    let service = StoreDebugService(store: self, appName: name, makeDebugger: makeDebugger)
    let pid = ProcessInfo.processInfo.processIdentifier
    let server: DebugServer
    if let port {
      let (listener, bound) = try DebugSocket.listen(loopbackPort: port)
      let token = DebugSocketFolder.newToken()
      let tokenURL = try DebugSocketFolder.writeToken(token, port: bound, named: name, pid: pid, in: folder)
      server = DebugServer(
        listener: listener, port: bound, token: token, tokenURL: tokenURL,
        answer: { service.reply(to: $0, from: $1) }, ended: { service.end($0) })
    } else {
      let url = DebugSocketFolder.socket(named: name, pid: pid, in: folder)
      server = DebugServer(
        listener: try DebugSocket.listen(at: url.path), socketURL: url,
        answer: { service.reply(to: $0, from: $1) }, ended: { service.end($0) })
    }
    server.start()
    onRelease { server.stop() }
    return server
  }
}
