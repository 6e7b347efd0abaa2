/// The line being typed at a prompt: characters, a cursor, history and completion, driven one key at a time.
///
/// A value with no I/O, so every key binding is tested over byte sequences and
/// the session only draws what it answers.
public struct LineEditor: Sendable {
  /// The line's characters.
  public internal(set) var characters: [Character] = []
  /// Where the cursor is, as an index into `characters` (0 is before the first).
  public internal(set) var cursor = 0
  /// The lines submitted before (Up and Down).
  public var history: LineHistory
  /// Whether the last key was a Tab that changed nothing, so a second Tab lists the choices.
  private var tabPending = false
  /// The Ctrl-R search in progress, if any.
  public internal(set) var search: HistorySearch?
  /// Whether the line offers the rest of the newest history line it starts, for → or Ctrl-F at its end to take
  /// (the session turns it on only where it can show the offer in grey).
  public var suggestsFromHistory = false

  /// What a key did, for the session to act on.
  public enum Event: Equatable, Sendable {
    /// The line or the cursor changed: draw the prompt line again.
    case changed
    /// Nothing changed.
    case unchanged
    /// The key could do nothing here (a completion with no match, Up at the oldest line).
    case bell
    /// Enter: the line, now added to the history; the editor is empty again.
    case submitted(String)
    /// Ctrl-C: the line that was cleared (empty if there was none).
    case interrupted(discarded: String)
    /// Ctrl-D at an empty line: the user wants to leave.
    case endOfInput
    /// Ctrl-L: draw the whole screen again.
    case redraw
    /// A second Tab: the candidates for the word at the cursor.
    case choices([String])
  }

  /// Suggests whole words for the word being typed, given the complete words before it on the line.
  public typealias Completer = (_ wordsBefore: [String], _ partial: String) -> [String]

  /// An empty line with `history` to browse.
  public init(history: LineHistory = LineHistory()) {
    self.history = history
  }

  /// The line as text.
  public var text: String { String(characters) }

  /// Applies `key`; Tab asks `completer` (no completer: Tab does nothing).
  public mutating func handle(_ key: Key, completer: Completer? = nil) -> Event {
    let wasTabPending = tabPending
    tabPending = false
    // A key that ends a search without using it (an arrow, Tab) then does what it always does.
    if search != nil, let event = handleWhileSearching(key) { return event }
    switch key {
    case let .character(character):
      insert(character)
    case .enter:
      let line = text
      history.add(line)
      replace(with: [])
      return .submitted(line)
    case .tab:
      guard let completer else { return .unchanged }
      return complete(with: completer, listing: wasTabPending)
    case .backspace:
      guard cursor > 0 else { return .bell }
      cursor -= 1
      characters.remove(at: cursor)
    case .delete:
      guard cursor < characters.count else { return .bell }
      characters.remove(at: cursor)
    case .endOfInput:
      if characters.isEmpty { return .endOfInput }
      return handle(.delete)
    case .left, .right, .home, .end, .wordLeft, .wordRight, .up, .down:
      return move(key)
    case .killToEnd:
      characters.removeSubrange(cursor...)
    case .killToStart:
      characters.removeSubrange(..<cursor)
      cursor = 0
    case .killWordBackward:
      let start = startOfWord(before: cursor)
      characters.removeSubrange(start..<cursor)
      cursor = start
    case .redraw:
      return .redraw
    case .interrupt:
      let discarded = text
      replace(with: [])
      return .interrupted(discarded: discarded)
    case .reverseSearch:
      search = HistorySearch(original: (characters, cursor))
      return .changed
    case .cancel:
      return .unchanged
    }
    history.stopBrowsing()
    return .changed
  }

  /// Moves the cursor, or brings a history line in: the keys that change where the cursor is, not the text.
  private mutating func move(_ key: Key) -> Event {
    switch key {
    case .left:
      guard cursor > 0 else { return .unchanged }
      cursor -= 1
      return .changed
    case .right:
      guard cursor < characters.count else {
        guard let suggestion else { return .unchanged }
        characters += suggestion
        cursor = characters.count
        return .changed
      }
      cursor += 1
      return .changed
    case .home:
      cursor = 0
      return .changed
    case .end:
      cursor = characters.count
      return .changed
    case .wordLeft:
      cursor = startOfWord(before: cursor)
      return .changed
    case .wordRight:
      var index = cursor
      while index < characters.count, characters[index].isWhitespace { index += 1 }
      while index < characters.count, !characters[index].isWhitespace { index += 1 }
      cursor = index
      return .changed
    case .up:
      guard let older = history.older(than: characters) else { return .bell }
      replace(with: older, keepBrowsing: true)
      return .changed
    case .down:
      guard let newer = history.newer() else { return .bell }
      replace(with: newer, keepBrowsing: true)
      return .changed
    default:
      return .unchanged
    }
  }

  /// Inserts at the cursor; a combining mark typed alone joins the character before it.
  private mutating func insert(_ character: Character) {
    if cursor > 0, DisplayWidth.of(character) == 0, !character.isASCII {
      let joined = String(characters[cursor - 1]) + String(character)
      if joined.count == 1 {
        characters[cursor - 1] = Character(joined)
        return
      }
    }
    characters.insert(character, at: cursor)
    cursor += 1
  }

  private mutating func replace(with line: [Character], keepBrowsing: Bool = false) {
    characters = line
    cursor = line.count
    if !keepBrowsing { history.stopBrowsing() }
  }

  /// Where the word ending at `index` starts (spaces before the cursor are skipped first).
  private func startOfWord(before index: Int) -> Int {
    var start = index
    while start > 0, characters[start - 1].isWhitespace { start -= 1 }
    while start > 0, !characters[start - 1].isWhitespace { start -= 1 }
    return start
  }

  /// Completes the word at the cursor: the only candidate and a space, else the candidates' common prefix; with
  /// nothing to add, a second Tab lists them. Candidates that start with the word as typed come first; when none
  /// does, case is ignored ("gr" reaches "Grace") and the word takes the candidate's case.
  private mutating func complete(with completer: Completer, listing: Bool) -> Event {
    var start = cursor
    while start > 0, !characters[start - 1].isWhitespace { start -= 1 }
    let partial = String(characters[start..<cursor])
    let before = String(characters[..<start]).split(whereSeparator: \.isWhitespace).map(String.init)
    let offered = completer(before, partial)
    var matching = offered.filter { $0.hasPrefix(partial) }
    if matching.isEmpty { matching = offered.filter { $0.lowercased().hasPrefix(partial.lowercased()) } }
    let candidates = Array(Set(matching)).sorted(by: Self.listsBefore)
    guard !candidates.isEmpty else { return .bell }
    if candidates.count == 1 {
      let space: [Character] = cursor < characters.count && characters[cursor] == " " ? [] : [" "]
      replaceWord(from: start, with: Array(candidates[0]) + space)
      return .changed
    }
    let common = Self.commonPrefix(candidates)
    if common.count >= partial.count, common != partial {
      replaceWord(from: start, with: Array(common))
      return .changed
    }
    if listing { return .choices(candidates) }
    tabPending = true
    return .bell
  }

  /// Puts `replacement` in place of the line from `start` to the cursor, and the cursor after it.
  private mutating func replaceWord(from start: Int, with replacement: [Character]) {
    characters.replaceSubrange(start..<cursor, with: replacement)
    cursor = start + replacement.count
  }

  /// The order choices are listed in: numbers by value (row 2 before row 10), numbers before words, then words.
  static func listsBefore(_ first: String, _ second: String) -> Bool {
    switch (Int(first), Int(second)) {
    case let (first?, second?): first < second
    case (_?, nil): true
    case (nil, _?): false
    case (nil, nil): first < second
    }
  }

  /// The longest prefix every candidate shares.
  static func commonPrefix(_ words: [String]) -> String {
    guard var prefix = words.first.map(Array.init) else { return "" }
    for word in words.dropFirst() {
      let characters = Array(word)
      var length = 0
      while length < min(prefix.count, characters.count), prefix[length] == characters[length] { length += 1 }
      prefix.removeSubrange(length...)
    }
    return String(prefix)
  }

  /// The part of `prompt` and the line that fits `width` columns, scrolled so the cursor shows, and the column
  /// the cursor is at (0-based). While searching the history, the search's prompt stands in for `prompt`.
  ///
  /// The last column stays free: writing there makes some terminals wrap early.
  public func visibleLine(prompt: String, width: Int) -> (text: String, cursorColumn: Int) {
    let prompt = search?.prompt ?? prompt
    let promptWidth = DisplayWidth.of(prompt)
    let room = max(width - promptWidth - 1, 1)
    let widths = characters.map(DisplayWidth.of)
    var start = 0
    var beforeCursor = widths[..<cursor].reduce(0, +)
    while beforeCursor >= room, start < cursor {
      beforeCursor -= widths[start]
      start += 1
    }
    var end = start
    var used = 0
    while end < characters.count, used + widths[end] <= room {
      used += widths[end]
      end += 1
    }
    return (prompt + String(characters[start..<end]), promptWidth + beforeCursor)
  }
}
