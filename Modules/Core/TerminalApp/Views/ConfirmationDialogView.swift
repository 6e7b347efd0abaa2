import Composable
import TerminalUI

/// A confirmation dialog as text: its title (unless hidden), message and one command per choice.
///
/// A choice with an action sends `.presented(action)`; one without (Cancel) sends `.dismiss`. Either way the
/// dialog closes. Like an alert, it shows under the screen that presents it.
public struct ConfirmationDialogView<DialogAction>: TerminalView {
  /// A view of dialogs whose choices send `DialogAction`.
  public init() {}

  /// The dialog, under the screen it belongs to.
  func text(_ state: ConfirmationDialogState<DialogAction>, style: TextStyle) -> String {
    var lines: [String] = []
    if state.titleVisibility != .hidden { lines.append(style.bold("? " + TerminalText.escaped(state.title))) }
    if let message = state.message { lines.append("  " + TerminalText.escaped(message)) }
    lines.append(buttonLine(state.buttons, style: style))
    return lines.joined(separator: "\n")
  }

  /// One command per choice.
  func commands(
    for state: ConfirmationDialogState<DialogAction>
  ) -> [TerminalCommand<PresentationAction<DialogAction>>] {
    namedButtons(state.buttons).map { name, button in
      .simple(
        name, help: "\(button.label)\(button.role == .destructive ? " (cannot be undone)" : "").",
        action: button.action.map { .presented($0) } ?? .dismiss)
    }
  }

  /// The dialog with one command per choice, shown under the screen that presents it, which stays in view.
  @MainActor public func screen(
    of store: Store<ConfirmationDialogState<DialogAction>, PresentationAction<DialogAction>>, in context: ScreenContext
  ) -> TerminalScreen<ConfirmationDialogState<DialogAction>, PresentationAction<DialogAction>> {
    let state = store.state
    return TerminalScreen(
      text: text(state, style: context.style), commands: commands(for: state), showsScreenBelow: true)
  }
}
