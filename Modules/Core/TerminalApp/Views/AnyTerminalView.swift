import TerminalUI

/// Any terminal view of `State` and `Action`, its concrete type hidden: what `FeatureView` keeps once it has
/// found a feature's linked view, whose type only the feature's Implementation knows.
public struct AnyTerminalView<State, Action>: TerminalView {
  private let renderState: (State, TextStyle) -> String
  private let commandsForState: (State) -> [TerminalCommand<Action>]
  private let backActionForState: (State) -> Action?
  private let screenIDForState: (State) -> String
  private let appearActionForState: (State) -> Action?
  private let followActionForState: (State) -> Action?
  private let refusalInState: (State) -> String?
  private let fitActionsForRoom: (TerminalSize, State) -> [Action]
  private let interruptedActionsInState: (State) -> [Action]
  private let showsScreenBelowForState: (State) -> Bool
  private let screenChangesForStates: (State, State) -> Bool

  /// `view`, behind this type.
  public init<View: TerminalView<State, Action>>(_ view: View) {
    renderState = view.render
    commandsForState = view.commands
    backActionForState = view.backAction
    screenIDForState = view.screenID
    appearActionForState = view.appearAction
    followActionForState = view.followAction
    refusalInState = view.refusal
    fitActionsForRoom = view.fitActions
    interruptedActionsInState = view.interruptedActions
    showsScreenBelowForState = view.showsScreenBelow
    screenChangesForStates = view.screenChanges
  }

  /// The wrapped view's screen.
  public func render(_ state: State, style: TextStyle) -> String { renderState(state, style) }
  /// The wrapped view's commands.
  public func commands(for state: State) -> [TerminalCommand<Action>] { commandsForState(state) }
  /// The wrapped view's back action.
  public func backAction(for state: State) -> Action? { backActionForState(state) }
  /// The wrapped view's screen name.
  public func screenID(for state: State) -> String { screenIDForState(state) }
  /// The wrapped view's appear action.
  public func appearAction(for state: State) -> Action? { appearActionForState(state) }
  /// The wrapped view's follow action.
  public func followAction(for state: State) -> Action? { followActionForState(state) }
  /// The wrapped view's refusal.
  public func refusal(in state: State) -> String? { refusalInState(state) }
  /// The wrapped view's actions for `room`.
  public func fitActions(for room: TerminalSize, in state: State) -> [Action] { fitActionsForRoom(room, state) }
  /// The wrapped view's actions after an interruption.
  public func interruptedActions(in state: State) -> [Action] { interruptedActionsInState(state) }
  /// Whether the wrapped view shows its presenter above it.
  public func showsScreenBelow(for state: State) -> Bool { showsScreenBelowForState(state) }
  /// Whether the wrapped view's screen changes.
  public func screenChanges(from old: State, to new: State) -> Bool { screenChangesForStates(old, new) }
}
