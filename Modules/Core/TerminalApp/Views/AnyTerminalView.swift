import Composable
import TerminalUI

/// Any terminal view of `State` and `Action`, its concrete type hidden: what `FeatureView` keeps once it has
/// found a feature's linked view, whose type only the feature's Implementation knows.
public struct AnyTerminalView<State, Action>: TerminalView {
  private let screenOfStore: @MainActor (Store<State, Action>, ScreenContext) -> TerminalScreen<State, Action>

  /// `view`, behind this type.
  public init<View: TerminalView<State, Action>>(_ view: View) {
    // A view is a value of key paths and closures that it only reads: a store's screen is asked for on the main
    // actor alone.
    nonisolated(unsafe) let view = view
    screenOfStore = { view.screen(of: $0, in: $1) }
  }

  /// The wrapped view's screen, read through `store`.
  @MainActor public func screen(of store: Store<State, Action>, in context: ScreenContext) -> TerminalScreen<
    State, Action
  > {
    screenOfStore(store, context)
  }
}
