import Composable
import TerminalUI

/// The screen of an enum feature: whichever case its state is shows that case's feature through `FeatureView`,
/// with the feature's actions embedded in the case. `FeatureView` uses it for every `CaseReducer`.
struct CaseFeatureView<Cases: CaseReducer>: TerminalView {
  /// The case's screen, read through the case's store: its id names the case, so another case (or another screen
  /// of it) is another screen, and a state of another case outdates it; a change of another field of the same
  /// case, or of what the case's screen did not read, draws nothing.
  @MainActor func screen(
    of store: Store<Cases.State, Cases.Action>, in context: ScreenContext
  ) -> TerminalScreen<Cases.State, Cases.Action> {
    Cases.visitCase(of: store.currentState, with: CaseStoreScreenVisitor<Cases>(store: store, context: context))
  }
}

/// The screen of the case a store's state is, read through a store scoped to that case; an alert, a dialog or
/// plain state is read whole.
@MainActor private struct CaseStoreScreenVisitor<Cases: CaseReducer>: @MainActor CaseVisitor {
  typealias Action = Cases.Action
  typealias Result = TerminalScreen<Cases.State, Cases.Action>
  let store: Store<Cases.State, Cases.Action>
  let context: ScreenContext

  func visit<Feature: Reducer>(
    _ feature: Feature.Type, caseName: String, state: Feature.State, embed: @escaping (Feature.Action) -> Action
  ) -> Result {
    guard let child = store.scope(case: caseName, state: Feature.State.self, action: embed) else {
      return CaseScreenVisitor<Cases>(context: context).visit(feature, caseName: caseName, state: state, embed: embed)
    }
    var screen: Result = FeatureView(feature).screen(of: child, in: context).embedded(action: embed)
      .renamed { "\(caseName)(\($0))" }
    screen.showsScreenBelow = false
    return screen
  }

  func visitAlert<AlertAction>(
    _ alert: AlertState<AlertAction>, caseName: String, embed: @escaping (AlertAction) -> Action
  ) -> Result {
    _ = store.state
    return CaseScreenVisitor<Cases>(context: context).visitAlert(alert, caseName: caseName, embed: embed)
  }

  func visitConfirmationDialog<DialogAction>(
    _ dialog: ConfirmationDialogState<DialogAction>, caseName: String, embed: @escaping (DialogAction) -> Action
  ) -> Result {
    _ = store.state
    return CaseScreenVisitor<Cases>(context: context).visitConfirmationDialog(
      dialog, caseName: caseName, embed: embed)
  }

  func visitPlainState<Value>(_ value: Value, caseName: String) -> Result {
    _ = store.state
    return CaseScreenVisitor<Cases>(context: context).visitPlainState(value, caseName: caseName)
  }
}

/// The screen of a case's value: an alert's, a dialog's or plain state's, and a feature's that its store could not
/// be scoped to.
@MainActor private struct CaseScreenVisitor<Cases: CaseReducer>: @MainActor CaseVisitor {
  typealias Action = Cases.Action
  typealias Result = TerminalScreen<Cases.State, Cases.Action>
  let context: ScreenContext

  func visit<Feature: Reducer>(
    _ feature: Feature.Type, caseName: String, state: Feature.State, embed: @escaping (Feature.Action) -> Action
  ) -> Result {
    var screen: Result = FeatureView(feature).screen(for: state, in: context).embedded(action: embed)
      .renamed { "\(caseName)(\($0))" }
    screen.showsScreenBelow = false
    return screen
  }

  // The alert's Cancel (a button without an action) goes back: the presenting parent's back dismisses the case.
  func visitAlert<AlertAction>(
    _ alert: AlertState<AlertAction>, caseName: String, embed: @escaping (AlertAction) -> Action
  ) -> Result {
    ephemeralScreen(caseName, buttons: alert.buttons, embed: embed, text: AlertView().text(alert, style: context.style))
  }

  func visitConfirmationDialog<DialogAction>(
    _ dialog: ConfirmationDialogState<DialogAction>, caseName: String, embed: @escaping (DialogAction) -> Action
  ) -> Result {
    ephemeralScreen(
      caseName, buttons: dialog.buttons, embed: embed,
      text: ConfirmationDialogView().text(dialog, style: context.style))
  }

  // An alert or dialog shows over the screen below it, its buttons its commands.
  private func ephemeralScreen<ButtonAction>(
    _ caseName: String, buttons: [ButtonState<ButtonAction>], embed: @escaping (ButtonAction) -> Action,
    text: String
  ) -> Result {
    TerminalScreen(
      text: text, commands: caseButtonCommands(buttons, embed: embed), id: "\(caseName)()", showsScreenBelow: true)
  }

  // Plain state has no feature and so no view: the screen shows the value, and `back` leaves it.
  func visitPlainState<Value>(_ value: Value, caseName: String) -> Result {
    let lines = value is Void ? [] : valueDump(value).split(separator: "\n").map { String($0) }
    let shown = lines.map { "\n" + TerminalText.escaped($0) }.joined()
    return TerminalScreen(text: context.style.bold(caseName) + shown, id: "\(caseName)()")
  }
}
