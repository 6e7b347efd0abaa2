import Composable
import ComposableDebugger
import Foundation
import Sharing

extension Store {
  /// Serves this root store's debugger to clients in other terminals (`composable-debugger`): its timeline,
  /// states, diffs, running effects and what is alive, on a Unix socket in `folder`, named after the app and its
  /// process id; with `loopbackPort` (0: any free one), on 127.0.0.1 instead, for an app in a simulator, with a
  /// token a client gives first, written in `folder` to a file of mode 0600. Starts a timeline if the store keeps
  /// none. Keep it out of release builds with `#if DEBUG`.
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
    return try serveDebugger(name: name, port: loopbackPort, folder: folder, decodeAction: nil, exportRecording: nil)
  }

  /// Starts the server over a service that answers for this store.
  @usableFromInline func serveDebugger(
    name: String, port: UInt16?, folder: URL, decodeAction: ((String) throws -> Action)?,
    exportRecording: ((StoreTimeline<State, Action>, SharedStorage) -> Result<String, TimelineQueryError>)?
  ) throws(DebugSocketError) -> DebugServer {
    guard rootState != nil else { throw DebugSocketError("only a root store serves a debugger, not a scoped one") }
    if timeline == nil { recordTimeline() }
    try DebugSocketFolder.prepare(folder)
    let service = StoreDebugService(
      store: self, appName: name, decodeAction: decodeAction, exportRecording: exportRecording)
    let pid = ProcessInfo.processInfo.processIdentifier
    let server: DebugServer
    if let port {
      let (listener, bound) = try DebugSocket.listen(loopbackPort: port)
      let token = DebugSocketFolder.newToken()
      let tokenURL = try DebugSocketFolder.writeToken(token, port: bound, named: name, pid: pid, in: folder)
      server = DebugServer(listener: listener, port: bound, token: token, tokenURL: tokenURL) {
        service.reply(to: $0)
      }
    } else {
      let url = DebugSocketFolder.socket(named: name, pid: pid, in: folder)
      server = DebugServer(listener: try DebugSocket.listen(at: url.path), socketURL: url) { service.reply(to: $0) }
    }
    server.start()
    onRelease { server.stop() }
    return server
  }
}

extension Store where Action: Codable {
  /// `serveDebugger(name:loopbackPort:in:)` for an app whose actions are `Codable`: a client can also send an
  /// action, written as a recording writes it, and export the kept actions as a recording that
  /// `--replay FILE --step` opens. Inlinable for the timeline it starts, as the other one.
  @inlinable @discardableResult
  public func serveDebugger(
    name: String = ProcessInfo.processInfo.processName, loopbackPort: UInt16? = nil,
    in folder: URL = DebugSocketFolder.url()
  ) throws(DebugSocketError) -> DebugServer {
    if timeline == nil { recordTimeline() }
    return try serveCodableDebugger(name: name, port: loopbackPort, folder: folder)
  }

  /// Starts the server for `Codable` actions: sends decoded from JSON, exports as recordings.
  @usableFromInline func serveCodableDebugger(
    name: String, port: UInt16?, folder: URL
  ) throws(DebugSocketError) -> DebugServer {
    try serveDebugger(
      name: name, port: port, folder: folder,
      decodeAction: { json in
        let data = Data(json.utf8)
        // A whole recorded line, or only its action.
        if let recorded = try? JSONDecoder().decode(RecordedAction<Action>.self, from: data) { return recorded.action }
        return try JSONDecoder().decode(Action.self, from: data)
      },
      exportRecording: { timeline, storage in exportedRecording(of: timeline, sharedValuesFrom: storage) })
  }
}

/// The kept actions of `timeline` as a recording: a header with the shared values (and, when the state is
/// `Encodable`, the state) before the first of them, then one line per action.
private func exportedRecording<State, Action: Codable>(
  of timeline: StoreTimeline<State, Action>, sharedValuesFrom storage: SharedStorage
) -> Result<String, TimelineQueryError> {
  guard let range = timeline.keptRange, let sharedBefore = timeline.sharedChange(before: range.lowerBound) else {
    return .failure(TimelineQueryError("Nothing has happened yet: there is no action to export."))
  }
  let encoder = JSONEncoder()
  encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
  let sharedValues = SharedHistory.reading(asOf: sharedBefore) { storage.snapshot() }
  let initialState = timeline.state(before: range.lowerBound).flatMap { state -> String? in
    guard let encodable = state as? any Encodable, let data = try? encoder.encode(encodable) else { return nil }
    return String(decoding: data, as: UTF8.self)
  }
  let header = RecordingHeader(RecordingStart(sharedValues: sharedValues, initialState: initialState))
  var lines: [String] = []
  if let data = try? encoder.encode(header) { lines.append(String(decoding: data, as: UTF8.self)) }
  for entry in timeline.entries {
    guard let data = try? encoder.encode(ExportedAction(time: entry.date.timeIntervalSince1970, action: entry.action))
    else {
      return .failure(TimelineQueryError("#\(entry.sequence) \(entry.path) does not encode: it cannot be exported."))
    }
    lines.append(String(decoding: data, as: UTF8.self))
  }
  return .success(lines.joined(separator: "\n") + "\n")
}

/// One line of an exported recording, as `record(to:)` writes it.
private struct ExportedAction<Action: Encodable>: Encodable {
  let time: Double
  let action: Action
}
