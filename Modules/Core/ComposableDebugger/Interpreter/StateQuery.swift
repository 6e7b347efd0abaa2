import Foundation
import Sharing
import ValueDump

/// What `:find` looks for in a state: a text in any value (`:find ada`), or a field (or a dictionary key) named
/// `key` whose value has `value` (`:find email=ada@`, `:find isFavorite=true`), without regard to case.
struct StateQuery: Equatable {
  /// The name a place must have (nil: any place whose value has `text`).
  let key: String?
  /// What its value must contain (may be empty after `key=`: any value).
  let text: String

  /// The query `argument` spells, or why it spells none.
  static func parse(_ argument: String) -> Result<StateQuery, TimelineQueryError> {
    guard !argument.isEmpty else {
      return .failure(
        TimelineQueryError(
          "':find' takes a text, such as ':find ada', or a field and a value, such as ':find email=ada@'."))
    }
    guard let equals = argument.firstIndex(of: "="), equals != argument.startIndex else {
      return .success(StateQuery(key: nil, text: argument))
    }
    let key = argument[..<equals].trimmingCharacters(in: .whitespaces)
    let value = argument[argument.index(after: equals)...].trimmingCharacters(in: .whitespaces)
    return .success(StateQuery(key: key, text: unquoted(value)))
  }

  /// Whether `place` is what the query looks for. A text is looked for in leaves only: every container around a
  /// match would match too.
  func matches(_ place: ValuePlace) -> Bool {
    if let key {
      guard place.name?.caseInsensitiveCompare(key) == .orderedSame else { return false }
      return text.isEmpty || place.value.localizedCaseInsensitiveContains(text)
    }
    return place.isLeaf && place.value.localizedCaseInsensitiveContains(text)
  }

  /// The query as a listing names it.
  var description: String { key.map { "\($0)=\(text)" } ?? text }

  private static func unquoted(_ text: String) -> String {
    text.count >= 2 && text.hasPrefix("\"") && text.hasSuffix("\"") ? String(text.dropFirst().dropLast()) : text
  }
}

extension KeptState {
  /// The places in the state where `query` matched, one line each (its path, then its value), at most `limit`.
  func found(_ query: StateQuery, limit: Int = 40) -> String {
    let places = SharedHistory.reading(asOf: sharedChange) { valuePlaces(of: state) }.filter(query.matches)
    guard !places.isEmpty else { return "Nothing in \(subject) matches '\(query.description)'." }
    let width = min(places.prefix(limit).map(\.path.count).max() ?? 0, 60)
    let counted = places.count == 1 ? "1 place in \(subject) matches" : "\(places.count) places in \(subject) match"
    var lines = ["\(counted) '\(query.description)':"]
    for place in places.prefix(limit) {
      let value = place.value.count > 100 ? place.value.prefix(99) + "…" : Substring(place.value)
      lines.append(
        "  " + place.path.padding(toLength: max(width, place.path.count), withPad: " ", startingAt: 0) + "  " + value)
    }
    if places.count > limit { lines.append("  … and \(places.count - limit) more; a narrower query shows them.") }
    return lines.joined(separator: "\n")
  }
}
