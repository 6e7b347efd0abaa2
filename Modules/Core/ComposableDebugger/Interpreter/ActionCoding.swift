import Composable
import Foundation
import Sharing

/// What the debugger does with actions that are `Codable`: reads one from the text `:send` takes, and writes the
/// kept actions as a recording (`:export`). Kept apart so that a debugger over actions that are not `Codable`
/// answers those two commands with a refusal instead.
struct ActionCoding<State, Action> {
  /// The action `text` describes, or why it describes none.
  let decode: (String) -> Result<Action, TimelineQueryError>
  /// The kept actions of a timeline as a recording, with the shared values before the first from a storage.
  let export: (StoreTimeline<State, Action>, SharedStorage) -> Result<String, TimelineQueryError>
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
  /// Actions from JSON, as a recording writes them (a whole recorded line, or only its action).
  init() {
    decode = { json in
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
    export = { timeline, storage in exportedRecording(of: timeline, sharedValuesFrom: storage) }
  }
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

/// The kept actions of `timeline` as a recording: a header with the shared values (and, when the state is
/// `Encodable`, the state) before the first of them, then one line per action.
func exportedRecording<State, Action: Codable>(
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
