import Composable

/// A way to serve a root store's debugger to another process (a Unix socket, a loopback port), handed to a terminal
/// app by the executable that links one (`ComposableDebugServer`'s `.socket`): a module that only runs a store, and
/// an executable that does not serve, link no socket code.
public protocol DebuggerTransport: Sendable {
  /// Starts serving `store`'s debugger under the app's `name`; what is being served, or why it cannot be.
  @MainActor func serve<State, Action>(_ store: Store<State, Action>, name: String) throws -> any ServedDebugger
}

/// A debugger being served to another process: where a client reaches it, and how to stop serving.
public protocol ServedDebugger: AnyObject, Sendable {
  /// The line an app prints when it starts serving: where, and how to attach.
  var servingLine: String { get }
  /// Stops serving: what the transport opened goes, and attached clients see the end of input.
  func stop()
}
