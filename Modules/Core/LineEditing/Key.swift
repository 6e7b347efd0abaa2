/// One key press at the prompt, decoded from the bytes a terminal sends in raw mode.
public enum Key: Equatable, Sendable {
  /// A printable character (any script, combining sequences included).
  case character(Character)
  /// Enter: submit the line.
  case enter
  /// Tab: complete the word at the cursor.
  case tab
  /// Backspace (or Ctrl-H): delete the character before the cursor.
  case backspace
  /// Delete: delete the character under the cursor.
  case delete
  /// Left arrow or Ctrl-B.
  case left
  /// Right arrow or Ctrl-F.
  case right
  /// Ctrl-Left or Alt-B: to the start of the word.
  case wordLeft
  /// Ctrl-Right or Alt-F: past the end of the word.
  case wordRight
  /// Home or Ctrl-A.
  case home
  /// End or Ctrl-E.
  case end
  /// Up arrow or Ctrl-P: the previous history line.
  case up
  /// Down arrow or Ctrl-N: the next history line.
  case down
  /// Ctrl-K: delete from the cursor to the end.
  case killToEnd
  /// Ctrl-U: delete from the start to the cursor.
  case killToStart
  /// Ctrl-W: delete the word before the cursor.
  case killWordBackward
  /// Ctrl-L: draw the screen again.
  case redraw
  /// Ctrl-C: cancel the command in progress, or the line.
  case interrupt
  /// Ctrl-D: delete under the cursor, or quit at an empty prompt.
  case endOfInput
  /// Ctrl-R: search the history backwards for what is typed next (again: an older match).
  case reverseSearch
  /// Ctrl-G, or Escape alone: leave a history search, giving the line back as it was.
  case cancel
}
