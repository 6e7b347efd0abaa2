import Composable
import TerminalUI

/// An alert as text: title, message and one command per button, named after its label.
///
/// A button with an action sends `.presented(action)`; one without (a plain
/// Cancel) sends `.dismiss`. Either way the alert closes.
public struct AlertView<AlertAction>: TerminalView {
  /// A view of alerts whose buttons send `AlertAction`.
  public init() {}

  /// The alert, boxed off from the screen under it.
  public func render(_ state: AlertState<AlertAction>, style: TextStyle) -> String {
    var lines = [style.bold("! " + TerminalText.escaped(state.title))]
    if let message = state.message { lines.append("  " + TerminalText.escaped(message)) }
    let choices = Self.buttons(of: state).map { name, button in
      button.role == .destructive ? style.red(name) : name
    }
    lines.append("  Type " + choices.joined(separator: " or ") + ".")
    return lines.joined(separator: "\n")
  }

  /// One command per button.
  public func commands(for state: AlertState<AlertAction>) -> [TerminalCommand<PresentationAction<AlertAction>>] {
    Self.buttons(of: state).map { name, button in
      .simple(
        name, help: "\(button.label)\(button.role == .destructive ? " (cannot be undone)" : "").",
        action: button.action.map { .presented($0) } ?? .dismiss)
    }
  }

  /// The buttons with their command names; an alert without buttons gets an OK that dismisses it.
  static func buttons(of state: AlertState<AlertAction>) -> [(name: String, button: ButtonState<AlertAction>)] {
    let buttons = state.buttons.isEmpty ? [ButtonState<AlertAction>.cancel("OK")] : state.buttons
    return buttons.map { button in
      (button.label.lowercased().split(separator: " ").joined(separator: "-"), button)
    }
  }
}
