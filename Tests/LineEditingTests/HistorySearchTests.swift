import LineEditing
import Testing

/// Ctrl-R search and the grey suggestion, over the bytes a terminal sends.
struct HistorySearchTests {
  private let history = LineHistory(["open 3", "search ada", "sort name", "search lovelace", "open 12"])

  /// Feeds `text` as a terminal would send it and returns the events.
  @discardableResult
  private func type(_ text: String, into editor: inout LineEditor) -> [LineEditor.Event] {
    var decoder = KeyDecoder()
    return decoder.decode(Array(text.utf8)).map { editor.handle($0) }
  }

  @Test func typingNarrowsToTheNewestLineHoldingTheTextAndEnterRunsIt() {
    var editor = LineEditor(history: history)
    type("\u{12}", into: &editor)
    #expect(editor.search?.prompt == "(search ''): ")
    type("sea", into: &editor)
    #expect(editor.text == "search lovelace")
    #expect(editor.cursor == 0)
    type("rch a", into: &editor)
    #expect(editor.text == "search ada")
    #expect(editor.visibleLine(prompt: "> ", width: 80).text == "(search 'search a'): search ada")
    #expect(type("\r", into: &editor) == [.submitted("search ada")])
    #expect(editor.search == nil)
    #expect(editor.text == "")
  }

  @Test func ctrlRAgainFindsOlderMatchesAndRingsPastTheOldest() {
    var editor = LineEditor(history: history)
    type("\u{12}open", into: &editor)
    #expect(editor.text == "open 12")
    type("\u{12}", into: &editor)
    #expect(editor.text == "open 3")
    #expect(type("\u{12}", into: &editor) == [.bell])
    #expect(editor.text == "open 3")
    #expect(editor.search?.prompt == "(failing search 'open'): ")
  }

  @Test func escapeOrCtrlGLeavesWithTheLineAsItWas() {
    var editor = LineEditor(history: history)
    type("sor\u{1B}[D", into: &editor)
    type("\u{12}lovelace", into: &editor)
    #expect(editor.text == "search lovelace")
    type("\u{07}", into: &editor)
    #expect(editor.search == nil)
    #expect(editor.text == "sor")
    #expect(editor.cursor == 2)
    // A lone Escape arrives as a pending byte the session flushes when nothing follows it.
    var decoder = KeyDecoder()
    for key in decoder.decode(Array("\u{12}ada".utf8)) { _ = editor.handle(key) }
    #expect(editor.text == "search ada")
    #expect(decoder.decode([0x1B]) == [])
    for key in decoder.flushPending() { _ = editor.handle(key) }
    #expect(editor.text == "sor")
  }

  @Test func textThatMatchesNothingKeepsTheLastMatchAndBackspaceWidensAgain() {
    var editor = LineEditor(history: history)
    type("\u{12}ada", into: &editor)
    #expect(type("x", into: &editor) == [.bell])
    #expect(editor.text == "search ada")
    #expect(editor.search?.prompt == "(failing search 'adax'): ")
    // Narrowed back to "a", the search starts again from the newest line.
    type("\u{7F}\u{7F}\u{7F}", into: &editor)
    #expect(editor.text == "search lovelace")
    #expect(editor.search?.prompt == "(search 'a'): ")
  }

  @Test func anotherKeyKeepsTheLineFoundAndActsOnIt() {
    var editor = LineEditor(history: history)
    type("\u{12}sort\u{05}", into: &editor)
    #expect(editor.search == nil)
    #expect(editor.text == "sort name")
    #expect(editor.cursor == 9)
    type(" desc", into: &editor)
    #expect(editor.text == "sort name desc")
  }

  @Test func theSuggestionIsTheRestOfTheNewestLineStartingWithTheTextAndRightTakesIt() {
    var editor = LineEditor(history: history)
    editor.suggestsFromHistory = true
    type("sea", into: &editor)
    #expect(editor.suggestion.map { String($0) } == "rch lovelace")
    #expect(editor.visibleSuggestion(prompt: "> ", width: 12) == "rch lo")
    type("\u{1B}[C", into: &editor)
    #expect(editor.text == "search lovelace")
    #expect(editor.suggestion == nil)
    type("\u{15}open 1\u{06}", into: &editor)
    #expect(editor.text == "open 12")
  }

  @Test func noSuggestionMidLineOrWhenOffAndRightThenDoesNothing() {
    var editor = LineEditor(history: history)
    type("sea", into: &editor)
    #expect(editor.suggestion == nil)
    #expect(type("\u{1B}[C", into: &editor) == [.unchanged])
    #expect(editor.text == "sea")
    editor.suggestsFromHistory = true
    type("\u{1B}[D", into: &editor)
    #expect(editor.suggestion == nil)
    #expect(editor.visibleSuggestion(prompt: "> ", width: 80) == "")
  }
}
