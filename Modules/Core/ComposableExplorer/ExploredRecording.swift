import Composable
import ComposableDebugger
import Foundation

/// A failing sequence run once more to be kept as a session: every action reduced, the effects' included, in the
/// `--record` format, with the shared values and the state it started from and where it failed, plus a trace of
/// the run. A terminal app opens it with `--replay FILE --step`, on the failing action.
@MainActor final class ExploredRecording {
  /// Where the recording goes (`NAME.jsonl`); the trace goes beside it (`NAME.trace.json`).
  let url: URL
  /// The trace of the run, when its file could be opened.
  let trace: TraceFile?
  private var start: RecordingStart?
  private var lines: [String] = []

  /// A recording to `url`, with its trace beside it.
  init(url: URL) {
    self.url = url
    try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    trace = try? TraceFile(url: Self.traceURL(of: url), processName: "exploration")
  }

  /// The names recordings of this process took: two explorations failing alike at once (a helper several tests
  /// call) must not write one file.
  private static var namesTaken: Set<String> = []

  /// `name`, or `name-2`, `name-3`… when this process already wrote a recording by that name.
  static func unused(_ name: String) -> String {
    var candidate = name
    var number = 1
    while !namesTaken.insert(candidate).inserted {
      number += 1
      candidate = "\(name)-\(number)"
    }
    return candidate
  }

  /// The trace file that goes with the recording at `url`.
  static func traceURL(of url: URL) -> URL {
    url.deletingPathExtension().appendingPathExtension("trace.json")
  }

  /// Notes what the sequence starts from: the shared values used so far and the state, as JSON when it encodes.
  func begin(initialState: Any, storage: SharedStorage) {
    start = RecordingStart(sharedValues: storage.snapshot(), initialState: Self.json(initialState))
  }

  /// Keeps the actions of `timeline` up to the failing one, `failedAt`, with why it failed.
  func end<State, Action>(_ timeline: StoreTimeline<State, Action>?, failedAt: Int, failure: ExplorationFailure) {
    guard let timeline, let kept = timeline.keptRange else { return }
    let last = min(failedAt, kept.upperBound)
    guard kept.lowerBound <= last else { return }
    lines = (kept.lowerBound...last).compactMap { timeline.entry($0).flatMap(Self.line) }
    start?.failure = RecordedFailure(
      action: last - kept.lowerBound + 1, property: failure.property, message: failure.message)
  }

  /// Writes the recording and closes the trace; nil (and no file) when the actions are not `Codable` or the
  /// file cannot be written.
  func write() -> URL? {
    trace?.close()
    guard let start, !lines.isEmpty, lines.count == (start.failure?.action ?? 0) else {
      // A trace without its recording would only puzzle whoever finds it.
      try? FileManager.default.removeItem(at: Self.traceURL(of: url))
      return nil
    }
    let header = Self.json(RecordingHeader(start)) ?? ""
    do {
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try ([header] + lines).map { $0 + "\n" }.joined().write(to: url, atomically: true, encoding: .utf8)
      return url
    } catch {
      return nil
    }
  }

  /// An entry's action as a recorded line, nil when it does not encode.
  private static func line<State, Action>(_ entry: TimelineEntry<State, Action>) -> String? {
    guard let action = entry.action as? any Encodable else { return nil }
    return json(RecordedLine(time: entry.date.timeIntervalSince1970, action: action))
  }

  /// `value` as one line of JSON, nil when it is not `Encodable` or does not encode.
  private static func json(_ value: Any) -> String? {
    guard let value = value as? any Encodable else { return nil }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return (try? encoder.encode(value)).flatMap { String(data: $0, encoding: .utf8) }
  }

  /// The folder recordings go to: `EXPLORATION_OUTPUT`, else `.build/explorations` of the package being
  /// tested (the working directory of `swift test`), else the temporary folder's `explorations`.
  static var folder: URL {
    let environment = ProcessInfo.processInfo.environment
    if let output = environment["EXPLORATION_OUTPUT"], !output.isEmpty {
      return URL(fileURLWithPath: output, isDirectory: true)
    }
    let build = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent(".build")
    var isFolder: ObjCBool = false
    if FileManager.default.fileExists(atPath: build.path, isDirectory: &isFolder), isFolder.boolValue {
      return build.appendingPathComponent("explorations", isDirectory: true)
    }
    return FileManager.default.temporaryDirectory.appendingPathComponent("explorations", isDirectory: true)
  }
}

/// One recorded action as `RecordedAction` writes it, for an action known only as `Encodable`.
private struct RecordedLine: Encodable {
  let time: Double
  let action: any Encodable

  enum CodingKeys: String, CodingKey { case time, action }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(time, forKey: .time)
    try container.encode(action, forKey: .action)
  }
}
