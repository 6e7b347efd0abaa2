import Composable
import ComposableDebugger
import Foundation
import Sharing
import TerminalUI

/// The debugger every terminal app gets: the commands that start with `:` (which no feature command can), answered
/// by the store's `StoreDebugger` as an attached client's are, and the past drawn as the app's screens.
///
/// While a past state is shown, feature commands are refused: nothing is applied to a past state.
@MainActor final class TerminalDebugger<State, Action> {
  /// The one interpreter, answering as the app's own prompt.
  let interpreter: StoreDebugger<State, Action>
  let view: any TerminalView<State, Action>
  /// Lines shown under the banner while an action is shown, by its number (the failure a recording ends with).
  var notes: [Int: String] = [:]

  init(interpreter: StoreDebugger<State, Action>, view: any TerminalView<State, Action>) {
    self.interpreter = interpreter
    self.view = view
  }

  /// The action whose state is shown, while looking at the past.
  var viewing: Int? { interpreter.viewing }

  /// What a command answered: text to show, or one line saying why it was refused.
  enum Reply: Equatable {
    case text(String)
    case error(String)
  }

  /// The debugger's commands, as `help` lists them.
  static var help: String { DebuggerCommand.help(for: .inApp) }

  /// Whether `line` is a debugger command.
  static func isCommand(_ line: String) -> Bool { line.hasPrefix(":") }

  /// The line that refuses a feature command while a past state is shown.
  var pastRefusal: String? {
    viewing.map {
      "You are looking at the past (#\($0)): nothing is applied to a past state. ':resume' returns to the live screen."
    }
  }

  /// The screen while looking at the past: a banner, then the screens as they were; nil when live.
  func screen(style: TextStyle) -> String? {
    let timeline = interpreter.timeline
    guard let sequence = viewing, let entry = timeline.entry(sequence) else { return nil }
    let banner =
      style.bold("#\(sequence) of \(timeline.lastSequence) — :next, :prev, :resume")
      + style.dim("  (\(entry.path), \(entry.origin))")
    let note = notes[sequence].map { "\n" + style.red($0) } ?? ""
    // The state's shared values as they were after that action, not as they are now.
    return banner + note + "\n"
      + SharedHistory.reading(asOf: entry.sharedChange) { view.render(entry.state, style: style) }
  }

  /// Runs a `:` command; `pageSize` is how many actions a listing shows.
  func handle(_ line: String, pageSize: Int) -> Reply {
    switch interpreter.run(line, pageSize: pageSize) {
    case let .text(text): .text(text)
    case let .error(message): .error(message)
    // Made on the main actor here: the app's own prompt waits for its answer anyway.
    case let .later(make): .text(make())
    // Refused by the interpreter on this side; kept exhaustive.
    case .quit, .follow: .error("That command is an attached debugger's.")
    }
  }

  /// Looks at the past from action `sequence` (used by `--replay … --step`).
  func view(at sequence: Int) {
    interpreter.view(at: sequence)
  }
}
