import Composable
import TerminalUI

/// A screen that shows a presented child in its place (or, for alerts, under it) while the child is presented.
///
/// While the child is presented only the child's commands are accepted, and
/// `back` dismisses it, the way a sheet or an alert is modal on screen.
public struct PresentingView<Base: TerminalView, Child: TerminalView>: TerminalView {
  let base: Base
  let child: Child
  /// The presented child's store (nil while nothing is presented), as a SwiftUI sheet scopes it.
  let scopeChild: @MainActor (Store<Base.State, Base.Action>) -> Store<Child.State, Child.Action>?
  let embed: (Child.Action) -> Base.Action
  let dismiss: Base.Action
  let showsBase: Bool

  /// The base's screen, or the child's in its place (under it, for alerts) while the child is presented: the
  /// child's commands, appear and follow actions and refusal; `back` closes the child's own top screen, else
  /// dismisses the child. The base is fitted, and told of Ctrl-C, even under a child, ready when it closes.
  ///
  /// Read through `store`: whether the child is presented, then the child's screen through its store; the base is
  /// read through the store only where it shows (under an alert), and from a snapshot under a sheet, so a change
  /// of a base a sheet covers draws nothing.
  @MainActor public func screen(
    of store: Store<Base.State, Base.Action>, in context: ScreenContext
  ) -> TerminalScreen<Base.State, Base.Action> {
    guard let childStore = scopeChild(store) else { return base.screen(of: store, in: context) }
    let childScreen = child.screen(of: childStore, in: context)
    let baseScreen =
      showsBase || childScreen.showsScreenBelow
      ? base.screen(of: store, in: context) : base.screen(for: store.currentState, in: context)
    return presented(childScreen, over: baseScreen)
  }

  private func presented(
    _ child: TerminalScreen<Child.State, Child.Action>, over base: TerminalScreen<Base.State, Base.Action>
  ) -> TerminalScreen<Base.State, Base.Action> {
    var screen = base
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
      base: self, child: view,
      scopeChild: presentedStore(state, action: action),
      embed: { casePath.embed(.presented($0)) }, dismiss: casePath.embed(.dismiss), showsBase: false)
  }

  /// This screen with the alert at `\.$alert` shown under it while presented; its buttons become commands.
  public func alert<AlertAction>(
    _ state: KeyPath<State, Presents<AlertState<AlertAction>>>,
    action: CaseKeyPath<Action, PresentationAction<AlertAction>>
  ) -> PresentingView<Self, AlertView<AlertAction>> {
    let casePath = Action.casePath(action)
    return PresentingView(
      base: self, child: AlertView(),
      scopeChild: presentedStore(state, sending: action), embed: casePath.embed, dismiss: casePath.embed(.dismiss),
      showsBase: true)
  }

  /// This screen with the dialog at `\.$dialog` shown under it while presented; its choices become commands.
  public func confirmationDialog<DialogAction>(
    _ state: KeyPath<State, Presents<ConfirmationDialogState<DialogAction>>>,
    action: CaseKeyPath<Action, PresentationAction<DialogAction>>
  ) -> PresentingView<Self, ConfirmationDialogView<DialogAction>> {
    let casePath = Action.casePath(action)
    return PresentingView(
      base: self, child: ConfirmationDialogView(),
      scopeChild: presentedStore(state, sending: action), embed: casePath.embed, dismiss: casePath.embed(.dismiss),
      showsBase: true)
  }

  /// Scopes a store to the child presented at `state`, sending through `action`'s `presented` case.
  private func presentedStore<ChildState, ChildAction>(
    _ state: KeyPath<State, Presents<ChildState>>, action: CaseKeyPath<Action, PresentationAction<ChildAction>>
  ) -> @MainActor (Store<State, Action>) -> Store<ChildState, ChildAction>? {
    // Key paths of stored properties and of cases hold nothing mutable: the store scopes with them on the main actor.
    nonisolated(unsafe) let toChild = state.appending(path: \Presents<ChildState>.wrappedValue)
    nonisolated(unsafe) let toChildAction = action.appending(
      path: \CasePath<Action, PresentationAction<ChildAction>>.presented)
    return { $0.scope(state: toChild, action: toChildAction) }
  }

  /// Scopes a store to the alert or dialog presented at `state`, sending its `PresentationAction`s.
  private func presentedStore<ChildState, ChildAction>(
    _ state: KeyPath<State, Presents<ChildState>>, sending action: CaseKeyPath<Action, PresentationAction<ChildAction>>
  ) -> @MainActor (Store<State, Action>) -> Store<ChildState, PresentationAction<ChildAction>>? {
    nonisolated(unsafe) let toChild = state.appending(path: \Presents<ChildState>.wrappedValue)
    nonisolated(unsafe) let action = action
    return { $0.scope(state: toChild, action: action) }
  }
}
