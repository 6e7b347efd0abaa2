import TerminalUI

/// Any terminal view of `State` and `Action`, its concrete type hidden: what `FeatureView` keeps once it has
/// found a feature's linked view, whose type only the feature's Implementation knows.
public struct AnyTerminalView<State, Action>: TerminalView {
  private let screenForState: (State, ScreenContext) -> TerminalScreen<State, Action>

  /// `view`, behind this type.
  public init<View: TerminalView<State, Action>>(_ view: View) {
    screenForState = view.screen
  }

  /// The wrapped view's screen.
  public func screen(for state: State, in context: ScreenContext) -> TerminalScreen<State, Action> {
    screenForState(state, context)
  }
}
