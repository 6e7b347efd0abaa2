import Composable
import TerminalUI

/// A terminal view that reads its state field by field through a `RenderedState`, as a SwiftUI view reads
/// `store.field`: in a live session the reads go through the store, and a change of a field the screen did not
/// read (typing in a field it does not show) draws nothing.
///
/// Conform instead of `TerminalView` and write `screen(reading:in:)` over the rendered state. The state should be
/// an `ObservableState` (the boilerplate plugin lists its fields); any other state is observed whole.
public protocol FieldObservingView: TerminalView {
  /// The screen for `state` in `context`: the fields read through `state`, for its text or its commands, are what
  /// it depends on.
  func screen(reading state: RenderedState<State>, in context: ScreenContext) -> TerminalScreen<State, Action>
}

extension FieldObservingView {
  /// The screen read through `store`.
  @MainActor public func screen(
    of store: Store<State, Action>, in context: ScreenContext
  ) -> TerminalScreen<State, Action> {
    screen(reading: RenderedState(through: store), in: context)
  }
}
