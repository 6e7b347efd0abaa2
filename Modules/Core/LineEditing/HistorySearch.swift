/// A Ctrl-R search through the history: what was typed to find, which entry matched, and the line to give back
/// if the search is left with Escape or Ctrl-G.
public struct HistorySearch: Equatable, Sendable {
  /// The text being looked for.
  public internal(set) var query: [Character] = []
  /// The entry shown (an index into the history's entries), or nil before the first match.
  public internal(set) var match: Int?
  /// Whether the last key found nothing: the line still shows the previous match.
  public internal(set) var isFailing = false
  /// The line and cursor as they were when the search started.
  let original: (characters: [Character], cursor: Int)

  /// The prompt shown in place of the usual one while searching.
  public var prompt: String {
    "(\(isFailing ? "failing " : "")search '\(String(query))'): "
  }

  /// Two searches are equal when they look for the same text and show the same entry.
  public static func == (left: HistorySearch, right: HistorySearch) -> Bool {
    left.query == right.query && left.match == right.match && left.isFailing == right.isFailing
      && left.original.characters == right.original.characters && left.original.cursor == right.original.cursor
  }
}

extension LineHistory {
  /// The newest entry at or before `index` (from the newest entry when nil) that holds `query`.
  func newest(containing query: [Character], atOrBefore index: Int?) -> Int? {
    guard !query.isEmpty else { return nil }
    let text = String(query)
    var candidate = min(index ?? entries.count - 1, entries.count - 1)
    while candidate >= 0 {
      if entries[candidate].contains(text) { return candidate }
      candidate -= 1
    }
    return nil
  }

  /// The part the newest entry starting with `prefix` adds to it, if one is longer than it.
  func completion(of prefix: String) -> String? {
    guard !prefix.isEmpty else { return nil }
    for entry in entries.reversed() where entry.count > prefix.count && entry.hasPrefix(prefix) {
      return String(entry.dropFirst(prefix.count))
    }
    return nil
  }
}
