import Composable
import TerminalApp
import TerminalUI
import UserFormInterface

/// The form as text: each field with its error under it; commands set fields, save or cancel.
public struct UserFormView: TextScreenView {
  /// The state it shows.
  public typealias State = UserForm.State
  /// The actions its commands send.
  public typealias Action = UserForm.Action

  /// A view of the form.
  public init() {}

  /// Why the form refused to save, when it did: a script stops there.
  public func refusal(_ state: RenderedState<State>) -> String? { state.saveRefusal }

  /// The screen as text.
  public func text(_ state: RenderedState<State>, style: TextStyle) -> String {
    var lines = [style.bold(state.mode == .add ? "New user" : "Edit user")]
    func field(_ label: String, _ value: String, _ error: String?) {
      lines.append("  \(label): \(value.isEmpty ? style.dim("(empty)") : TerminalText.escaped(value))")
      if let error { lines.append("    " + style.red(TerminalText.escaped(error))) }
    }
    field("name ", state.name, state.nameError)
    field("email", state.email, state.emailError)
    field("city ", state.city, state.cityError)
    if let notice = state.editedElsewhereNotice { lines.append(style.yellow(TerminalText.escaped(notice))) }
    if state.isSaving { lines.append(style.dim("Saving…")) }
    if let error = state.saveError { lines.append(style.red("Could not save: \(error)")) }
    return lines.joined(separator: "\n")
  }

  /// Set a field, save, or cancel. Tab after a field's name offers the value it has now, to edit.
  public func commands(_ state: RenderedState<State>) -> [TerminalCommand<Action>] {
    func offering(_ value: String) -> ([String]) -> [CompletionCandidate] {
      { typed in CompletionCandidate.continuing(typed, among: [value]) }
    }
    return [
      TerminalCommand.text("name", argument: "text", help: "Set the name.", allowEmpty: true) { .set(\.name, $0) }
        .completing(offering(state.name)),
      TerminalCommand.text("email", argument: "text", help: "Set the email address.", allowEmpty: true) {
        .set(\.email, $0)
      }
      .completing(offering(state.email)),
      TerminalCommand.text("city", argument: "text", help: "Set the city ('city' alone clears it).", allowEmpty: true) {
        .set(\.city, $0)
      }
      .completing(offering(state.city)),
      .simple("save", help: "Check the fields and save.", action: .saveTapped),
      .simple("cancel", help: "Leave without saving.", action: .cancelTapped),
    ]
  }
}

extension UserForm: LinkedFeatureView {
  /// The form, as `FeatureView(UserForm.self)` shows it: while it edits a user, it follows the changes other
  /// sessions make to that user.
  public static func view() -> some TerminalView<State, Action> {
    UserFormView().following { state in
      if case .edit = state.mode { .followChangesElsewhere } else { nil }
    }
  }
}
