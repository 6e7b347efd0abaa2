import LineEditing
import Testing

struct LineEditorTests {
  /// Feeds `bytes` as a terminal would send them and returns the events.
  @discardableResult
  private func type(
    _ text: String, into editor: inout LineEditor, completer: LineEditor.Completer? = nil
  ) -> [LineEditor.Event] {
    var decoder = KeyDecoder()
    return decoder.decode(Array(text.utf8)).map { editor.handle($0, completer: completer) }
  }

  @Test func editsInTheMiddleWithArrowsHomeEndAndDeletes() {
    var editor = LineEditor()
    type("opn 12", into: &editor)
    type("\u{1B}[H\u{1B}[C\u{1B}[C", into: &editor)
    type("e", into: &editor)
    #expect(editor.text == "open 12")
    #expect(editor.cursor == 3)
    type("\u{05}\u{7F}", into: &editor)
    #expect(editor.text == "open 1")
    type("\u{01}\u{1B}[3~", into: &editor)
    #expect(editor.text == "pen 1")
    #expect(editor.cursor == 0)
  }

  @Test func killsToTheEndToTheStartAndTheWordBefore() {
    var editor = LineEditor()
    type("search ada lovelace", into: &editor)
    type("\u{17}", into: &editor)
    #expect(editor.text == "search ada ")
    type("\u{01}\u{1B}[C\u{1B}[C\u{0B}", into: &editor)
    #expect(editor.text == "se")
    type("\u{05}\u{15}", into: &editor)
    #expect(editor.text == "")
    #expect(editor.cursor == 0)
  }

  @Test func enterSubmitsAndEmptiesTheLineAndCtrlCDiscardsIt() {
    var editor = LineEditor()
    #expect(type("open 1\r", into: &editor).last == .submitted("open 1"))
    #expect(editor.text.isEmpty)
    #expect(type("\r", into: &editor) == [.submitted("")])
    #expect(type("fav\u{03}", into: &editor).last == .interrupted(discarded: "fav"))
    #expect(editor.text.isEmpty)
    #expect(type("\u{03}", into: &editor) == [.interrupted(discarded: "")])
  }

  @Test func ctrlDQuitsOnlyAtAnEmptyLineElseDeletesUnderTheCursor() {
    var editor = LineEditor()
    #expect(type("\u{04}", into: &editor) == [.endOfInput])
    type("ab\u{01}\u{04}", into: &editor)
    #expect(editor.text == "b")
  }

  @Test func upAndDownBrowseTheHistoryAndGiveBackTheLineBeingTyped() {
    var editor = LineEditor(history: LineHistory(["sort city", "open 2"]))
    type("fa", into: &editor)
    type("\u{1B}[A", into: &editor)
    #expect(editor.text == "open 2")
    type("\u{1B}[A", into: &editor)
    #expect(editor.text == "sort city")
    #expect(type("\u{1B}[A", into: &editor) == [.bell])
    type("\u{1B}[B\u{1B}[B", into: &editor)
    #expect(editor.text == "fa")
    type("v\r", into: &editor)
    #expect(editor.history.entries == ["sort city", "open 2", "fav"])
  }

  @Test func historyKeepsTheNewestLinesWithoutBlanksOrRepeats() {
    var history = LineHistory(limit: 3)
    for line in ["a", "b", "b ", "  ", "c", "d"] { history.add(line) }
    #expect(history.entries == ["b", "c", "d"])
  }

  @Test func wideAndCombiningCharactersMoveTheCursorByCharacterAndTakeTheirColumns() {
    var editor = LineEditor()
    type("漢字e", into: &editor)
    // A combining acute accent typed after the e joins it: one character, one column.
    type("\u{301}", into: &editor)
    #expect(editor.characters == ["漢", "字", "é"])
    #expect(editor.visibleLine(prompt: "> ", width: 80).cursorColumn == 2 + 2 + 2 + 1)
    type("\u{1B}[D\u{7F}", into: &editor)
    #expect(editor.text == "漢é")
    #expect(editor.visibleLine(prompt: "> ", width: 80).cursorColumn == 4)
  }

  @Test func aLineLongerThanTheTerminalScrollsSoTheCursorStaysVisible() {
    var editor = LineEditor()
    type(String(repeating: "x", count: 30) + "END", into: &editor)
    let shown = editor.visibleLine(prompt: "> ", width: 20)
    #expect(shown.text.hasSuffix("END"))
    #expect(DisplayWidth.of(shown.text) <= 19)
    #expect(shown.cursorColumn <= 19)
    type("\u{01}", into: &editor)
    #expect(editor.visibleLine(prompt: "> ", width: 20) == ("> " + String(repeating: "x", count: 17), 2))
  }

  @Test func tabIgnoresCaseOnlyWhenNothingMatchesAsTypedAndListsNumbersByValue() {
    let names: LineEditor.Completer = { _, _ in ["Grace Hopper", "Greta", "gravel"] }
    var editor = LineEditor()
    type("gr\t", into: &editor, completer: names)
    #expect(editor.text == "gravel ")
    editor = LineEditor()
    type("gre\t", into: &editor, completer: names)
    #expect(editor.text == "Greta ")
    editor = LineEditor()
    type("GR\t", into: &editor) { _, _ in ["Grace Hopper", "Greta"] }
    #expect(editor.text == "Gr")
    let rows: LineEditor.Completer = { _, _ in ["10", "2", "1"] }
    editor = LineEditor()
    #expect(type("\t\t", into: &editor, completer: rows).last == .choices(["1", "2", "10"]))
  }

  @Test func tabCompletesTheOnlyCandidateThenTheCommonPrefixThenListsOnASecondTab() {
    let completer: LineEditor.Completer = { before, _ in
      before.isEmpty ? ["open", "search", "settings", "sort"] : before == ["sort"] ? ["name", "city", "id"] : []
    }
    var editor = LineEditor()
    type("op\t", into: &editor, completer: completer)
    #expect(editor.text == "open ")
    editor = LineEditor()
    #expect(type("se\t", into: &editor, completer: completer) == [.changed, .changed, .bell])
    #expect(editor.text == "se")
    #expect(type("\t", into: &editor, completer: completer) == [.choices(["search", "settings"])])
    type("t\t", into: &editor, completer: completer)
    #expect(editor.text == "settings ")
    editor = LineEditor()
    type("sort c\t", into: &editor, completer: completer)
    #expect(editor.text == "sort city ")
    #expect(type("zz\t", into: &editor, completer: completer).last == .bell)
  }

  @Test func displayWidthCountsWideCharactersAsTwoAndMarksAsNone() {
    #expect(DisplayWidth.of("abc") == 3)
    #expect(DisplayWidth.of("漢字") == 4)
    #expect(DisplayWidth.of("🙂") == 2)
    #expect(DisplayWidth.of("e\u{301}") == 1)
    #expect(DisplayWidth.of("ｱ") == 1)
    #expect(DisplayWidth.of("Ａ") == 2)
  }
}
