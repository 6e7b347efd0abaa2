import Composable
import ComposableDebugger
import Foundation

/// What a served store answers a client: each connection gets a `StoreDebugger` of its own (its listing, the action
/// it looks at), which runs the lines the client forwards (`run`), so an attached debugger says what the app's own
/// prompt says. Besides lines, a client asks for the greeting (`hello`), the rows after an action (`since`, to
/// follow live) and a recording (`export`, which it writes on its side).
@MainActor final class StoreDebugService<State, Action> {
  private weak var store: Store<State, Action>?
  /// The app as the greeting names it.
  private let appName: String
  /// A new connection's debugger.
  private let makeDebugger: @MainActor (Store<State, Action>) -> StoreDebugger<State, Action>?
  /// The debugger of each connection, by its number.
  private var debuggers: [Int: StoreDebugger<State, Action>] = [:]

  init(
    store: Store<State, Action>, appName: String,
    makeDebugger: @escaping @MainActor (Store<State, Action>) -> StoreDebugger<State, Action>?
  ) {
    self.store = store
    self.appName = appName
    self.makeDebugger = makeDebugger
  }

  /// Forgets what was kept for `connection`, which ended.
  func end(_ connection: Int) {
    debuggers[connection] = nil
  }

  /// The answer to `request` from `connection`, or the work that makes it off the main actor (a state's dump or
  /// diff).
  func reply(to request: DebugRequest, from connection: Int) -> DebugReply {
    guard let store, let debugger = debugger(for: connection, of: store) else {
      return .answer(.refusal("The store is gone: there is nothing left to debug.", id: request.id))
    }
    let timeline = debugger.timeline
    let argument = request.argument?.trimmingCharacters(in: .whitespaces) ?? ""
    let (id, last) = (request.id, timeline.lastSequence)
    switch request.command {
    case "hello":
      let kept = timeline.keptRange.map { ", kept #\($0.lowerBound)–#\($0.upperBound)" } ?? ""
      let text =
        "Attached to \(appName) (process \(ProcessInfo.processInfo.processIdentifier)): "
        + "\(last) action\(last == 1 ? "" : "s") so far\(kept)."
      return .answer(.text(text, id: id, last: last))
    case "since":
      guard let after = Int(argument), after >= 0 else {
        return .answer(.refusal("'since' takes the number of the last action seen, such as 12.", id: id, last: last))
      }
      // What this client's ':filter' hides is not sent to it.
      let rows = timeline.rows(after: after, rules: debugger.filter)
      return .answer(.text(rows.joined(separator: "\n"), id: id, last: last))
    case "export":
      switch debugger.recording() {
      case let .success(recording): return .answer(.text(recording, id: id, last: last))
      case let .failure(error): return .answer(.refusal(error.message, id: id, last: last))
      }
    case "run":
      switch debugger.run(argument, pageSize: request.pageSize ?? 20) {
      case let .text(text): return .answer(.text(text, id: id, last: timeline.lastSequence))
      case let .error(message): return .answer(.refusal(message, id: id, last: timeline.lastSequence))
      case let .later(make): return .later { .text(make(), id: id, last: last) }
      case .quit, .follow:
        return .answer(.refusal("':quit' and ':follow' are the client's own.", id: id, last: last))
      }
    default:
      return .answer(.refusal("Unknown request '\(request.command)' (docs/debugging.md).", id: id, last: last))
    }
  }

  private func debugger(for connection: Int, of store: Store<State, Action>) -> StoreDebugger<State, Action>? {
    if let debugger = debuggers[connection] { return debugger }
    let debugger = makeDebugger(store)
    debuggers[connection] = debugger
    return debugger
  }
}
