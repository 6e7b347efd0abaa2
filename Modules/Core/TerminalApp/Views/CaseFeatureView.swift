import Composable
import TerminalUI

/// The screen of an enum feature: whichever case its state is shows that case's feature through `FeatureView`,
/// with the feature's actions embedded in the case. `FeatureView` uses it for every `CaseReducer`.
struct CaseFeatureView<Cases: CaseReducer>: TerminalView {
  private func screen(_ state: Cases.State) -> CaseScreen<Cases.Action> {
    Cases.visitCase(of: state, with: CaseScreenVisitor())
  }

  func render(_ state: Cases.State, style: TextStyle) -> String { screen(state).render(style) }

  func commands(for state: Cases.State) -> [TerminalCommand<Cases.Action>] { screen(state).commands() }

  func backAction(for state: Cases.State) -> Cases.Action? { screen(state).backAction() }

  /// The case's name and its feature's screen name: another case, or another screen of it, is another screen.
  func screenID(for state: Cases.State) -> String {
    let screen = screen(state)
    return "\(screen.caseName)(\(screen.screenID()))"
  }

  func appearAction(for state: Cases.State) -> Cases.Action? { screen(state).appearAction() }

  func followAction(for state: Cases.State) -> Cases.Action? { screen(state).followAction() }

  func refusal(in state: Cases.State) -> String? { screen(state).refusal() }

  func fitActions(for room: TerminalSize, in state: Cases.State) -> [Cases.Action] { screen(state).fitActions(room) }

  func interruptedActions(in state: Cases.State) -> [Cases.Action] { screen(state).interruptedActions() }

  /// The case's feature's answer while the state stays that case; true when the case changed.
  func screenChanges(from old: Cases.State, to new: Cases.State) -> Bool {
    let before = screen(old)
    let after = screen(new)
    return before.caseName != after.caseName || before.changesTo(after.value)
  }

  /// An alert's or a dialog's case shows the presenting screen above it; a feature's takes the whole screen.
  func showsScreenBelow(for state: Cases.State) -> Bool { screen(state).showsScreenBelow }
}

/// One case's feature view bound to the case's state, its actions already embedded in the enum's.
private struct CaseScreen<Action> {
  let caseName: String
  let render: (TextStyle) -> String
  let commands: () -> [TerminalCommand<Action>]
  let backAction: () -> Action?
  let screenID: () -> String
  let appearAction: () -> Action?
  let followAction: () -> Action?
  let refusal: () -> String?
  let fitActions: (TerminalSize) -> [Action]
  let interruptedActions: () -> [Action]
  var showsScreenBelow = false
  /// The case's own state, and whether the screen changes from it to another state of the same case.
  var value: Any = ()
  var changesTo: (Any) -> Bool = { _ in true }

  /// A screen of its own text and commands, with no work (an alert's, a dialog's, a plain state's).
  init(caseName: String, text: @escaping (TextStyle) -> String, commands: [TerminalCommand<Action>]) {
    self.caseName = caseName
    render = text
    self.commands = { commands }
    backAction = { nil }
    screenID = { "" }
    appearAction = { nil }
    followAction = { nil }
    refusal = { nil }
    fitActions = { _ in [] }
    interruptedActions = { [] }
  }

  init(
    caseName: String, render: @escaping (TextStyle) -> String, commands: @escaping () -> [TerminalCommand<Action>],
    backAction: @escaping () -> Action?, screenID: @escaping () -> String, appearAction: @escaping () -> Action?,
    followAction: @escaping () -> Action?, refusal: @escaping () -> String?,
    fitActions: @escaping (TerminalSize) -> [Action], interruptedActions: @escaping () -> [Action]
  ) {
    self.caseName = caseName
    self.render = render
    self.commands = commands
    self.backAction = backAction
    self.screenID = screenID
    self.appearAction = appearAction
    self.followAction = followAction
    self.refusal = refusal
    self.fitActions = fitActions
    self.interruptedActions = interruptedActions
  }
}

private struct CaseScreenVisitor<Action>: CaseVisitor {
  typealias Result = CaseScreen<Action>

  func visit<Feature: Reducer>(
    _ feature: Feature.Type, caseName: String, state: Feature.State, embed: @escaping (Feature.Action) -> Action
  ) -> CaseScreen<Action> {
    let view = FeatureView(feature)
    var screen = CaseScreen(
      caseName: caseName,
      render: { view.render(state, style: $0) },
      commands: { view.commands(for: state).map { $0.map(embed) } },
      backAction: { view.backAction(for: state).map(embed) },
      screenID: { view.screenID(for: state) },
      appearAction: { view.appearAction(for: state).map(embed) },
      followAction: { view.followAction(for: state).map(embed) },
      refusal: { view.refusal(in: state) },
      fitActions: { view.fitActions(for: $0, in: state).map(embed) },
      interruptedActions: { view.interruptedActions(in: state).map(embed) })
    screen.value = state
    screen.changesTo = { other in (other as? Feature.State).map { view.screenChanges(from: state, to: $0) } ?? true }
    return screen
  }
  // The alert's Cancel (a button without an action) goes back: the presenting parent's back dismisses the case.
  func visitAlert<AlertAction>(
    _ alert: AlertState<AlertAction>, caseName: String, embed: @escaping (AlertAction) -> Action
  ) -> CaseScreen<Action> {
    ephemeralScreen(caseName, buttons: alert.buttons, embed: embed) { AlertView().render(alert, style: $0) }
  }

  func visitConfirmationDialog<DialogAction>(
    _ dialog: ConfirmationDialogState<DialogAction>, caseName: String, embed: @escaping (DialogAction) -> Action
  ) -> CaseScreen<Action> {
    ephemeralScreen(caseName, buttons: dialog.buttons, embed: embed) {
      ConfirmationDialogView().render(dialog, style: $0)
    }
  }

  // An alert or dialog shows over the screen below it, its buttons its commands.
  private func ephemeralScreen<ButtonAction>(
    _ caseName: String, buttons: [ButtonState<ButtonAction>], embed: @escaping (ButtonAction) -> Action,
    text: @escaping (TextStyle) -> String
  ) -> CaseScreen<Action> {
    var screen = CaseScreen(caseName: caseName, text: text, commands: caseButtonCommands(buttons, embed: embed))
    screen.showsScreenBelow = true
    return screen
  }

  // Plain state has no feature and so no view: the screen shows the value, and `back` leaves it.
  func visitPlainState<Value>(_ value: Value, caseName: String) -> CaseScreen<Action> {
    CaseScreen(
      caseName: caseName,
      text: { style in
        let lines = value is Void ? [] : valueDump(value).split(separator: "\n").map { String($0) }
        let shown = lines.map { "\n" + TerminalText.escaped($0) }.joined()
        return style.bold(caseName) + shown
      },
      commands: [])
  }
}
