import Composable
import TerminalUI

/// A screen that shows a presented child in its place (or, for alerts, under it) while the child is presented.
///
/// While the child is presented only the child's commands are accepted, and
/// `back` dismisses it, the way a sheet or an alert is modal on screen.
public struct PresentingView<Base: TerminalView, Child: TerminalView>: TerminalView {
  let base: Base
  let child: Child
  let toChildState: (Base.State) -> Child.State?
  let embed: (Child.Action) -> Base.Action
  let dismiss: Base.Action
  let showsBase: Bool

  /// The base's screen, or the child's in its place (under it, for alerts) while the child is presented: the
  /// child's commands, appear and follow actions and refusal; `back` closes the child's own top screen, else
  /// dismisses the child. The base is fitted, and told of Ctrl-C, even under a child, ready when it closes.
  public func screen(
    for state: Base.State, in context: ScreenContext
  ) -> TerminalScreen<Base.State, Base.Action> {
    var screen = base.screen(for: state, in: context)
    let baseIsOutdated = screen.isOutdated
    let toChildState = toChildState
    guard let childState = toChildState(state) else {
      screen.isOutdated = { toChildState($0) != nil || baseIsOutdated($0) }
      return screen
    }
    let child = self.child.screen(for: childState, in: context)
    let showsBase = showsBase || child.showsScreenBelow
    let embed = embed
    let drawBase = screen.draw
    screen.draw = showsBase ? { drawBase() + "\n\n" + child.draw() } : child.draw
    screen.listCommands = { child.listCommands().map { $0.map(embed) } }
    screen.backAction = child.backAction.map(embed) ?? dismiss
    let baseID = screen.id
    let shownChild = child.renamed { "\(baseID)>\(Child.self)(\($0))" }
    screen.screensBelow += [baseID] + shownChild.screensBelow
    screen.id = shownChild.id
    screen.appearAction = child.appearAction.map(embed)
    screen.followAction = child.followAction.map(embed)
    screen.refusal = child.refusal
    screen.fitActions += child.fitActions.map(embed)
    screen.interruptedActions += child.interruptedActions.map(embed)
    // Presented in both: the child's answer, and the base's when it shows under the child; a child that came or
    // went changes everything.
    screen.isOutdated = { new in
      guard let newChild = toChildState(new) else { return true }
      return child.isOutdated(by: newChild) || (showsBase && baseIsOutdated(new))
    }
    return screen
  }
}

extension TerminalView where Action: CasePathable {
  /// This screen, replaced by `view` while `\.$child` is presented; its commands go to `\.child`.
  ///
  /// Mirrors the reducer's `ifLet(\.$child, action: \.child) { Child() }`.
  public func presenting<Child: TerminalView>(
    _ state: KeyPath<State, Presents<Child.State>>,
    action: CaseKeyPath<Action, PresentationAction<Child.Action>>,
    _ view: Child
  ) -> PresentingView<Self, Child> {
    let casePath = Action.casePath(action)
    return PresentingView(
      base: self, child: view, toChildState: { $0[keyPath: state].wrappedValue },
      embed: { casePath.embed(.presented($0)) }, dismiss: casePath.embed(.dismiss), showsBase: false)
  }

  /// This screen with the alert at `\.$alert` shown under it while presented; its buttons become commands.
  public func alert<AlertAction>(
    _ state: KeyPath<State, Presents<AlertState<AlertAction>>>,
    action: CaseKeyPath<Action, PresentationAction<AlertAction>>
  ) -> PresentingView<Self, AlertView<AlertAction>> {
    let casePath = Action.casePath(action)
    return PresentingView(
      base: self, child: AlertView(), toChildState: { $0[keyPath: state].wrappedValue },
      embed: casePath.embed, dismiss: casePath.embed(.dismiss), showsBase: true)
  }

  /// This screen with the dialog at `\.$dialog` shown under it while presented; its choices become commands.
  public func confirmationDialog<DialogAction>(
    _ state: KeyPath<State, Presents<ConfirmationDialogState<DialogAction>>>,
    action: CaseKeyPath<Action, PresentationAction<DialogAction>>
  ) -> PresentingView<Self, ConfirmationDialogView<DialogAction>> {
    let casePath = Action.casePath(action)
    return PresentingView(
      base: self, child: ConfirmationDialogView(), toChildState: { $0[keyPath: state].wrappedValue },
      embed: casePath.embed, dismiss: casePath.embed(.dismiss), showsBase: true)
  }
}
