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
  func text(_ state: AlertState<AlertAction>, style: TextStyle) -> String {
    var lines = [style.bold("! " + TerminalText.escaped(state.title))]
    if let message = state.message { lines.append("  " + TerminalText.escaped(message)) }
    lines.append(buttonLine(state.buttons, style: style))
    return lines.joined(separator: "\n")
  }

  /// One command per button.
  func commands(for state: AlertState<AlertAction>) -> [TerminalCommand<PresentationAction<AlertAction>>] {
    namedButtons(state.buttons).map { name, button in
      .simple(
        name, help: "\(button.label)\(button.role == .destructive ? " (cannot be undone)" : "").",
        action: button.action.map { .presented($0) } ?? .dismiss)
    }
  }

  /// The alert with one command per button, shown under the screen that presents it, which stays in view.
  @MainActor public func screen(
    of store: Store<AlertState<AlertAction>, PresentationAction<AlertAction>>, in context: ScreenContext
  ) -> TerminalScreen<AlertState<AlertAction>, PresentationAction<AlertAction>> {
    let state = store.state
    return TerminalScreen(
      text: text(state, style: context.style), commands: commands(for: state), showsScreenBelow: true)
  }
}

/// `buttons` with their command names (`Delete all` is `delete-all`); none gets an OK that dismisses.
func namedButtons<ButtonAction>(
  _ buttons: [ButtonState<ButtonAction>]
) -> [(name: String, button: ButtonState<ButtonAction>)] {
  (buttons.isEmpty ? [ButtonState<ButtonAction>.cancel("OK")] : buttons).map { button in
    (button.label.lowercased().split(separator: " ").joined(separator: "-"), button)
  }
}

/// The commands of an alert's or a dialog's buttons inside an enum feature's case: a button with an action sends
/// it through `embed`; one without (a Cancel) does what `back` does, which dismisses the case.
func caseButtonCommands<ButtonAction, Action>(
  _ buttons: [ButtonState<ButtonAction>], embed: @escaping (ButtonAction) -> Action
) -> [TerminalCommand<Action>] {
  namedButtons(buttons).map { name, button in
    let help = "\(button.label)\(button.role == .destructive ? " (cannot be undone)" : "")."
    guard let action = button.action else { return .back(name, help: help) }
    return .simple(name, help: help, action: embed(action))
  }
}

/// "  Type delete or cancel.", destructive choices in red.
func buttonLine<ButtonAction>(_ buttons: [ButtonState<ButtonAction>], style: TextStyle) -> String {
  let choices = namedButtons(buttons).map { name, button in button.role == .destructive ? style.red(name) : name }
  return "  Type " + choices.joined(separator: " or ") + "."
}
