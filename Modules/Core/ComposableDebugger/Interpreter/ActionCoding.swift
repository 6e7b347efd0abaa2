import Composable
import Foundation
import Sharing

/// What the debugger does with actions that are `Codable`: reads one from the text `:send` takes, and writes the
/// kept actions as a recording (`:export`). Kept apart so that a debugger over actions that are not `Codable`
/// answers those two commands with a refusal instead.
struct ActionCoding<State, Action> {
  /// The action `text` describes, or why it describes none.
  let decode: (String) -> Result<Action, TimelineQueryError>
  /// The kept actions of a timeline that a filter admits as a recording, with the shared values before the first
  /// from a storage.
  let export: (StoreTimeline<State, Action>, SharedStorage, TimelineFilter) -> Result<String, TimelineQueryError>
}

extension ActionCoding {
  /// The coding of `Action` when it is `Codable`, found at run time so that one debugger serves every app; else nil.
  static func ifCodable() -> ActionCoding? {
    guard let codable = Action.self as? any Codable.Type else { return nil }
    func coding<Coded: Codable>(_: Coded.Type) -> ActionCoding? {
      ActionCoding<State, Coded>() as? ActionCoding
    }
    return coding(codable)
  }
}

extension ActionCoding where Action: Codable {
  /// Actions from JSON, as a recording writes them (a whole recorded line, or only its action), or as the timeline
  /// prints them (`list.userTapped(3)`).
  init() {
    decode = { text in
      let trimmed = text.trimmingCharacters(in: .whitespaces)
      guard !trimmed.hasPrefix("{") else { return decodeJSON(trimmed) }
      return decodePrinted(trimmed)
    }
    export = { timeline, storage, filter in
      exportedRecording(of: timeline, sharedValuesFrom: storage, admitting: filter)
    }
  }
}

/// The action `json` holds, as a recording writes it (a whole recorded line, or only its action).
private func decodeJSON<Action: Codable>(_ json: String) -> Result<Action, TimelineQueryError> {
  let data = Data(json.utf8)
  if let recorded = try? JSONDecoder().decode(RecordedAction<Action>.self, from: data) {
    return .success(recorded.action)
  }
  do {
    return .success(try JSONDecoder().decode(Action.self, from: data))
  } catch {
    return .failure(TimelineQueryError("\(json) is not an action of \(typeName(Action.self)): \(briefly(error))"))
  }
}

/// The action `text` prints as the timeline prints it: the first of the JSON texts it may stand for that decodes,
/// or what the plainest says is wrong, naming the type and the case that failed.
private func decodePrinted<Action: Codable>(_ text: String) -> Result<Action, TimelineQueryError> {
  let candidates: [String]
  switch PrintedAction.parse(text) {
  case let .failure(error): return .failure(error)
  case let .success(action): candidates = action.jsonCandidates
  }
  // The candidate that decoded furthest says best what is wrong: past the levels the printed form leaves out.
  var deepest: (error: any Error, json: String, depth: Int)?
  for candidate in candidates {
    do {
      return .success(try JSONDecoder().decode(Action.self, from: Data(candidate.utf8)))
    } catch {
      let depth = codingPath(of: error).count
      if depth > deepest?.depth ?? -1 { deepest = (error, candidate, depth) }
    }
  }
  let reason = deepest.map { explained($0.error, in: $0.json) } ?? "it decodes as none"
  return .failure(TimelineQueryError("\(text) is not an action of \(typeName(Action.self)): \(reason)"))
}

/// Where in the JSON a decoding error stopped.
private func codingPath(of error: any Error) -> [any CodingKey] {
  switch error {
  case let DecodingError.typeMismatch(_, context), let DecodingError.valueNotFound(_, context),
    let DecodingError.keyNotFound(_, context), let DecodingError.dataCorrupted(context):
    context.codingPath
  default: []
  }
}

/// Why `json` did not decode, in one line: the type and the case it has not (with the nearest it has), or what
/// the decoder says.
func decodingReason(_ error: any Error, in json: String) -> String {
  explained(error, in: json)
}

/// A decoding error of `json` in words: the type that has no such case, and the case, where the error says so.
private func explained(_ error: any Error, in json: String) -> String {
  guard case let DecodingError.typeMismatch(type, context) = error,
    context.debugDescription.hasPrefix("Invalid number of keys")
  else { return briefly(error) }
  // The key that was tried where the decoder stopped: the one key of the object at its coding path.
  var value = try? JSONSerialization.jsonObject(with: Data(json.utf8))
  for key in context.codingPath { value = (value as? [String: Any])?[key.stringValue] }
  guard let tried = (value as? [String: Any])?.keys.first else { return briefly(error) }
  let nearest = nearestCase(to: tried, in: type).map { "; did you mean '\($0)'?" } ?? ""
  return "\(typeName(type)) has no case '\(tried)'\(nearest)"
}

/// What a decoding error says, in one line.
private func briefly(_ error: any Error) -> String {
  switch error {
  case let DecodingError.dataCorrupted(context): return context.debugDescription
  case let DecodingError.keyNotFound(key, _): return "no '\(key.stringValue)'"
  case let DecodingError.typeMismatch(_, context), let DecodingError.valueNotFound(_, context):
    return context.debugDescription
  default: return "\(error)"
  }
}

/// A type's name with the types it is nested in (`AppFeature.Action`), without its module or a private scope.
private func typeName(_ type: Any.Type) -> String {
  let parts = String(reflecting: type).split(separator: ".").filter { !$0.hasPrefix("(") && !$0.hasSuffix(")") }
  return parts.dropFirst().joined(separator: ".")
}

/// The kept actions of `timeline` that `filter` admits as a recording: a header with the shared values (and, when
/// the state is `Encodable`, the state) before the first kept action, then one line per action admitted.
func exportedRecording<State, Action: Codable>(
  of timeline: StoreTimeline<State, Action>, sharedValuesFrom storage: SharedStorage,
  admitting filter: TimelineFilter = TimelineFilter()
) -> Result<String, TimelineQueryError> {
  guard let range = timeline.keptRange, let sharedBefore = timeline.sharedChange(before: range.lowerBound) else {
    return .failure(TimelineQueryError("Nothing has happened yet: there is no action to export."))
  }
  let encoder = JSONEncoder()
  encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
  // A file leaves the process: no secret goes with it.
  encoder.userInfo[.masksSecrets] = true
  let sharedValues = SharedHistory.reading(asOf: sharedBefore) { storage.snapshot(maskingSecrets: true) }
  let initialState = timeline.state(before: range.lowerBound).flatMap { state -> String? in
    guard let encodable = state as? any Encodable, let data = try? encoder.encode(encodable) else { return nil }
    return String(decoding: data, as: UTF8.self)
  }
  let fingerprint = timeline.state(before: range.lowerBound).map { recordingFingerprint(of: $0, actions: Action.self) }
  let header = RecordingHeader(
    RecordingStart(sharedValues: sharedValues, initialState: initialState, fingerprint: fingerprint))
  var lines: [String] = []
  if let data = try? encoder.encode(header) { lines.append(String(decoding: data, as: UTF8.self)) }
  for entry in timeline.entries where filter.admits(entry.path) {
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
