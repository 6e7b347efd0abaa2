import Foundation

/// Ctrl-R history search and the history suggestion: the two ways the editor offers lines typed before.
extension LineEditor {
  /// What `key` does while a search is on; nil when it ends the search and is then handled as usual.
  ///
  /// As in readline: typed text narrows the search, Ctrl-R again looks further back, Enter runs the line
  /// found, Escape or Ctrl-G gives the line back as it was, and any other key keeps the line found and acts on
  /// it.
  mutating func handleWhileSearching(_ key: Key) -> Event? {
    guard var current = search else { return nil }
    switch key {
    case let .character(character):
      current.query.append(character)
      show(history.newest(containing: current.query, atOrBefore: current.match), for: &current)
    case .backspace:
      guard !current.query.isEmpty else { return .bell }
      current.query.removeLast()
      current.match = nil
      show(history.newest(containing: current.query, atOrBefore: nil), for: &current)
      if current.query.isEmpty { (characters, cursor) = current.original }
    case .reverseSearch:
      let older = current.match.map { $0 - 1 } ?? history.entries.count - 1
      guard older >= 0, let found = history.newest(containing: current.query, atOrBefore: older) else {
        current.isFailing = true
        search = current
        return .bell
      }
      show(found, for: &current)
    case .cancel:
      (characters, cursor) = current.original
      search = nil
      return .changed
    default:
      search = nil
      return nil
    }
    search = current
    return current.isFailing ? .bell : .changed
  }

  /// Shows the entry `found` (or keeps the line and marks the search failing when nothing matched), with the
  /// cursor where the text found starts.
  private mutating func show(_ found: Int?, for current: inout HistorySearch) {
    guard let found else {
      current.isFailing = !current.query.isEmpty
      return
    }
    current.isFailing = false
    current.match = found
    let entry = history.entries[found]
    characters = Array(entry)
    let start = entry.range(of: String(current.query), options: .backwards)?.lowerBound ?? entry.endIndex
    cursor = entry.distance(from: entry.startIndex, to: start)
  }

  /// The rest of the newest history line that starts with the line typed, offered after the cursor when the
  /// cursor is at the end and no search is on (nil when there is none, or suggestions are off).
  public var suggestion: [Character]? {
    guard suggestsFromHistory, search == nil, cursor == characters.count else { return nil }
    return history.completion(of: text).map(Array.init)
  }

  /// The part of `suggestion` that fits after the line `visibleLine(prompt:width:)` shows, in the same width.
  public func visibleSuggestion(prompt: String, width: Int) -> String {
    guard let suggestion else { return "" }
    let used = DisplayWidth.of(visibleLine(prompt: prompt, width: width).text)
    var room = width - used - 1
    var fitting: [Character] = []
    for character in suggestion {
      let characterWidth = DisplayWidth.of(character)
      guard characterWidth <= room else { break }
      fitting.append(character)
      room -= characterWidth
    }
    return String(fitting)
  }
}
