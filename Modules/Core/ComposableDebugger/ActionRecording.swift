import Composable
import Foundation

/// Where `record` writes its JSON lines: a file, standard error, or a closure.
public struct ActionLogSink: Sendable {
  /// Receives one line (ending in a newline) per action.
  public let write: @Sendable (String) -> Void

  /// A sink from a closure.
  public init(_ write: @escaping @Sendable (String) -> Void) {
    self.write = write
  }

  /// Appends to the file at `url`, creating it; a failure to write is reported once on standard error.
  public static func file(_ url: URL) -> ActionLogSink {
    let writer = AppendingFile(url: url)
    return ActionLogSink { writer.append($0) }
  }

  /// Writes to standard error.
  public static let standardError = ActionLogSink { FileHandle.standardError.write(Data($0.utf8)) }
}

/// One recorded action: when it was reduced and what it was.
public struct RecordedAction<Action: Codable>: Codable {
  /// Seconds since 1970 when the action was reduced.
  public var time: Double
  /// The action.
  public var action: Action
}

/// A recording's opening line, written before its actions: what they start from that they do not carry
/// themselves, such as an app's shared values, which live in files the recorded actions changed.
public struct RecordingHeader<Values: Codable>: Codable {
  /// Seconds since 1970 when the recording began.
  public var time: Double
  /// What the actions start from.
  public var header: Values

  /// A header of `values`, stamped now.
  public init(_ values: Values) {
    time = Date().timeIntervalSince1970
    header = values
  }
}

extension ActionLogSink {
  /// Writes `header` as one line: call it before the first action is sent. `recordedActions` skips it and
  /// `recordingHeader(in:of:)` reads it back.
  public func writeHeader<Values: Codable>(_ header: RecordingHeader<Values>) {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    // A file leaves the process: no secret goes with it.
    encoder.userInfo[.masksSecrets] = true
    guard let data = try? encoder.encode(header), let line = String(data: data, encoding: .utf8) else { return }
    write(line + "\n")
  }
}

/// The values of the first header of a `record(to:)` log, or nil when it has none (a log recorded without one);
/// a header that does not decode as `Values` throws a `ReplayError` naming its line.
public func recordingHeader<Values: Codable>(in log: String, of type: Values.Type) throws -> Values? {
  for (index, line) in log.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
  where isHeader(line) {
    do {
      return try JSONDecoder().decode(RecordingHeader<Values>.self, from: Data(line.utf8)).header
    } catch {
      throw ReplayError(line: index + 1, reason: "not a recording header of \(Values.self): \(error)")
    }
  }
  return nil
}

/// Whether `line` is a header rather than an action: an object with a `header` and no `action`.
private func isHeader(_ line: Substring) -> Bool {
  guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else { return false }
  return object["header"] != nil && object["action"] == nil
}

extension Reducer where Action: Codable {
  /// Appends each action this reducer receives, with a timestamp, as one JSON line to `sink`.
  ///
  /// Every action is logged, including those effects send, so `replayActions`
  /// can rebuild the final state without running effects. Attach the log to a
  /// bug report: replaying it reproduces the state the user saw.
  public func record(to sink: ActionLogSink) -> ModifiedReducer<Self, RecordingActions<State, Action>> {
    modified(by: RecordingActions(sink: sink))
  }
}

/// What `record(to:)` puts around a reducer: each action's line in the log, before the reducer runs.
public struct RecordingActions<State, Action: Codable>: ReducerModifier {
  let sink: ActionLogSink

  /// Writes the action's line, then runs the reducer.
  public func reduce(
    into state: inout State, action: Action, next: (inout State, Action) -> Effect<Action>
  ) -> Effect<Action> {
    let entry = RecordedAction(time: Date().timeIntervalSince1970, action: action)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    // A file leaves the process: no secret goes with it.
    encoder.userInfo[.masksSecrets] = true
    if let data = try? encoder.encode(entry), let line = String(data: data, encoding: .utf8) {
      sink.write(line + "\n")
    } else {
      sink.write("{\"error\":\"could not encode \(actionLabel(action))\"}\n")
    }
    return next(&state, action)
  }
}

/// Why a log could not be replayed.
public struct ReplayError: Error, Equatable, CustomStringConvertible {
  /// The 1-based line that failed.
  public let line: Int
  /// What was wrong with it.
  public let reason: String

  /// `line N: reason`.
  public var description: String { "line \(line): \(reason)" }
}

/// Feeds the actions of a `record(to:)` log through a store running `reducer`, and returns the final state.
///
/// Effects are not run: the log already holds every action they sent, in
/// order. Writes to shared values change them in memory and save nothing: they were saved when the actions were
/// recorded, and a replay over the same files would apply them twice. Blank lines and headers are skipped; any
/// other line that does not decode stops the replay with a `ReplayError` naming it.
@MainActor public func replayActions<R: Reducer>(
  _ log: String,
  initialState: R.State,
  reducer: R,
  withDependencies prepareDependencies: (inout DependencyValues) -> Void = { _ in }
) throws -> R.State where R.Action: Codable {
  let actions = try recordedActions(in: log, of: R.Action.self)
  let store = Store(
    initialState: initialState, reducer: EffectsDiscarded(base: reducer), withDependencies: prepareDependencies)
  let pause = SharedSaves.pause()
  defer { pause.end() }
  for action in actions { store.send(action) }
  return store.currentState
}

/// The actions of a `record(to:)` log, in order; blank lines and headers are skipped, and any other line that
/// does not decode throws a `ReplayError` naming it.
public func recordedActions<Action: Codable>(in log: String, of type: Action.Type) throws -> [Action] {
  let decoded = decodedRecording(in: log, of: Action.self)
  if let first = decoded.undecodable.first {
    throw ReplayError(line: first.line, reason: "not a recorded action of \(Action.self): \(first.reason)")
  }
  return decoded.actions
}

/// The actions of a log that decode, and each line that does not: what a replay of a recording made by other
/// types lists before it replays the rest (when asked).
public struct DecodedRecording<Action> {
  /// The actions that decode, in order.
  public var actions: [Action] = []
  /// The lines that do not, in order.
  public var undecodable: [UndecodableLine] = []
}

/// A line of a recording that no longer decodes: where, the action it held as the timeline would print its path,
/// and why.
public struct UndecodableLine: Equatable, Sendable, CustomStringConvertible {
  /// Its number in the file, from 1.
  public let line: Int
  /// The recorded action's path, read from its JSON (`list.userTaped`), or "" when the line holds none.
  public let path: String
  /// Why it does not decode, in one line.
  public let reason: String

  /// `line 5: list.userTaped: UserList.Action has no case 'userTaped'`.
  public var description: String { "line \(line): " + (path.isEmpty ? "" : path + ": ") + reason }
}

/// Every line of `log` decoded as a recorded action of `Action`: the actions that decode and the lines that do
/// not; blank lines and headers are skipped.
public func decodedRecording<Action: Codable>(in log: String, of type: Action.Type) -> DecodedRecording<Action> {
  let decoder = JSONDecoder()
  var decoded = DecodedRecording<Action>()
  for (index, line) in log.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
    if line.allSatisfy(\.isWhitespace) { continue }
    do {
      decoded.actions.append(try decoder.decode(RecordedAction<Action>.self, from: Data(line.utf8)).action)
    } catch {
      if isHeader(line) { continue }
      decoded.undecodable.append(
        UndecodableLine(line: index + 1, path: recordedPath(line), reason: decodingReason(error, in: String(line))))
    }
  }
  return decoded
}

/// The path of the action a recorded line holds, read from its JSON's keys (`{"list":{"_0":{"userTaped":…}}}` is
/// `list.userTaped`); "" when the line holds no action object.
private func recordedPath(_ line: Substring) -> String {
  guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else { return "" }
  var names: [String] = []
  var current = object["action"]
  while let level = current as? [String: Any], level.count == 1, let (key, value) = level.first {
    if key != "_0" { names.append(key) }
    current = value
  }
  return names.joined(separator: ".")
}

/// Runs a reducer and drops its effects (replay already has the actions they sent).
private struct EffectsDiscarded<Base: Reducer>: Reducer {
  let base: Base

  func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    _ = base.reduce(into: &state, action: action)
    return .none
  }
}

/// A file that lines are appended to, in order, from any thread.
private final class AppendingFile: @unchecked Sendable {
  private let url: URL
  private let lock = NSLock()
  private var handle: FileHandle?
  private var failed = false

  init(url: URL) {
    self.url = url
  }

  func append(_ line: String) {
    lock.withLock {
      guard !failed else { return }
      do {
        if handle == nil {
          try FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
          if !FileManager.default.fileExists(atPath: url.path) {
            _ = FileManager.default.createFile(atPath: url.path, contents: nil)
          }
          handle = try FileHandle(forWritingTo: url)
          try handle?.seekToEnd()
        }
        try handle?.write(contentsOf: Data(line.utf8))
      } catch {
        failed = true
        FileHandle.standardError.write(Data("Action log \(url.path) could not be written: \(error)\n".utf8))
      }
    }
  }

  deinit {
    try? handle?.close()
  }
}
