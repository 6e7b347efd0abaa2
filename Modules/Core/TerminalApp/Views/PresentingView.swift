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

  /// The screen for `state`: the child's while presented.
  public func render(_ state: Base.State, style: TextStyle) -> String {
    guard let childState = toChildState(state) else { return base.render(state, style: style) }
    let childScreen = child.render(childState, style: style)
    let showsBase = showsBase || child.showsScreenBelow(for: childState)
    return showsBase ? base.render(state, style: style) + "\n\n" + childScreen : childScreen
  }

  /// The child's commands while it is presented, else the base's.
  public func commands(for state: Base.State) -> [TerminalCommand<Base.Action>] {
    guard let childState = toChildState(state) else { return base.commands(for: state) }
    return child.commands(for: childState).map { $0.map(embed) }
  }

  /// Closes the child's own top screen, else dismisses the child; without a child, the base's back.
  public func backAction(for state: Base.State) -> Base.Action? {
    guard let childState = toChildState(state) else { return base.backAction(for: state) }
    return child.backAction(for: childState).map(embed) ?? dismiss
  }

  /// The base's screen, with the child's appended while presented.
  public func screenID(for state: Base.State) -> String {
    let baseID = base.screenID(for: state)
    guard let childState = toChildState(state) else { return baseID }
    return "\(baseID)>\(Child.self)(\(child.screenID(for: childState)))"
  }

  /// The child's appear action while presented, else the base's.
  public func appearAction(for state: Base.State) -> Base.Action? {
    guard let childState = toChildState(state) else { return base.appearAction(for: state) }
    return child.appearAction(for: childState).map(embed)
  }

  /// The child's follow action while presented, else the base's.
  public func followAction(for state: Base.State) -> Base.Action? {
    guard let childState = toChildState(state) else { return base.followAction(for: state) }
    return child.followAction(for: childState).map(embed)
  }

  /// The child's refusal while presented, else the base's.
  public func refusal(in state: Base.State) -> String? {
    guard let childState = toChildState(state) else { return base.refusal(in: state) }
    return child.refusal(in: childState)
  }

  /// The base's, and the child's while presented: the base is fitted even under a child, ready when it closes.
  public func fitActions(for room: TerminalSize, in state: Base.State) -> [Base.Action] {
    let baseActions = base.fitActions(for: room, in: state)
    guard let childState = toChildState(state) else { return baseActions }
    return baseActions + child.fitActions(for: room, in: childState).map(embed)
  }

  /// While the child is presented in both, the child's answer (and the base's, when it shows under the child);
  /// else the base's, or true when the child came or went.
  public func screenChanges(from old: Base.State, to new: Base.State) -> Bool {
    switch (toChildState(old), toChildState(new)) {
    case (nil, nil):
      return base.screenChanges(from: old, to: new)
    case let (oldChild?, newChild?):
      if child.screenChanges(from: oldChild, to: newChild) { return true }
      let showsBase = showsBase || child.showsScreenBelow(for: newChild)
      return showsBase && base.screenChanges(from: old, to: new)
    default:
      return true
    }
  }

  /// The base's answer: what the child shows is this screen's business, not its parent's.
  public func showsScreenBelow(for state: Base.State) -> Bool { base.showsScreenBelow(for: state) }

  /// The base's, and the child's while presented: any of them may have had work cancelled.
  public func interruptedActions(in state: Base.State) -> [Base.Action] {
    let baseActions = base.interruptedActions(in: state)
    guard let childState = toChildState(state) else { return baseActions }
    return baseActions + child.interruptedActions(in: childState).map(embed)
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
