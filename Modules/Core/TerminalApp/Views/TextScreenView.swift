import TerminalUI

/// A feature's screen written as its text and its commands over the fields it reads: the opening every feature view
/// shared (a `screen(reading:in:)` that put the two in a `TerminalScreen`), written once.
///
/// A view conforms and writes `text(_:style:)` and `commands(_:)`; its `State` and `Action` are read from them. What
/// `back` sends and a refusal to show are optional.
public protocol TextScreenView: FieldObservingView {
  /// The screen's text for `state`, styled with `style`.
  func text(_ state: RenderedState<State>, style: TextStyle) -> String
  /// The commands the screen accepts for `state`.
  func commands(_ state: RenderedState<State>) -> [TerminalCommand<Action>]
  /// What `back` sends on this screen instead of closing it; nil by default.
  func backAction(_ state: RenderedState<State>) -> Action?
  /// Why the feature refused the last command, when it did (a script stops there); nil by default.
  func refusal(_ state: RenderedState<State>) -> String?
}

extension TextScreenView {
  /// No action: `back` closes the screen.
  public func backAction(_ state: RenderedState<State>) -> Action? { nil }

  /// No refusal.
  public func refusal(_ state: RenderedState<State>) -> String? { nil }

  /// The text and the commands for `state`, each made when it is read.
  public func screen(reading state: RenderedState<State>, in context: ScreenContext) -> TerminalScreen<State, Action> {
    TerminalScreen(
      text: text(state, style: context.style), commands: commands(state), backAction: backAction(state),
      refusal: refusal(state))
  }
}
