import Composable
import Foundation
import TerminalUI

/// What a typed line means on the current screen: decided in one place for piped and live sessions, which differ
/// only in how they show the answer and wait for effects.
enum TypedLine<Action> {
  /// Nothing was typed.
  case nothing
  /// `quit` or `exit`.
  case quit
  /// `help`: the front screen's commands, then the ones every screen accepts.
  case help(screen: String, global: String)
  /// A debugger command, for the session's debugger.
  case debugger(String)
  /// Refused before anything was sent (a past screen is shown, nothing to go back to, a command that does not
  /// parse): what to say.
  case refused(String)
  /// `back`: the action that closes the front screen.
  case back(Action)
  /// A screen's command: its action; the feature may still refuse it (`TerminalScreen.refusal`).
  case command(Action)
}

extension TerminalSession {
  /// Whether what `line` means depends on the screen (a screen's command, `back`), so that it must wait for the
  /// work in progress: a command typed while the first page loads is judged on the page, never on the empty list.
  /// `quit`, `help` and the debugger's commands answer at once.
  func waitsForWork(_ line: String) -> Bool {
    let trimmed = line.trimmingCharacters(in: .whitespaces)
    return !TerminalDebugger<State, Action>.isCommand(trimmed) && !["", "quit", "exit", "help"].contains(trimmed)
  }

  /// What `line` means on the current screen (leading and trailing spaces ignored): on `drawn`, the screen the
  /// user read it from, when the caller has one, so a line is judged on what was shown.
  func interpret(_ line: String, drawn: TerminalScreen<State, Action>? = nil) -> TypedLine<Action> {
    let trimmed = line.trimmingCharacters(in: .whitespaces)
    if TerminalDebugger<State, Action>.isCommand(trimmed) { return .debugger(trimmed) }
    switch trimmed {
    case "": return .nothing
    case "quit", "exit": return .quit
    case "help": return .help(screen: (drawn ?? frontScreen()).help, global: globalHelp)
    default: break
    }
    // While the debugger shows the past, only the present takes commands.
    if let refusal = debugger?.pastRefusal { return .refused(refusal) }
    let screen = drawn ?? frontScreen()
    if trimmed == "back" {
      guard let back = screen.backAction else {
        return .refused("There is nothing to go back to: this is the first screen.")
      }
      return .back(back)
    }
    switch screen.action(for: trimmed) {
    case let .success(action): return .command(action)
    case let .failure(error): return .refused(error.message)
    }
  }
}
