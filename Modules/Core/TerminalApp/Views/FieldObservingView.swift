import Composable
import TerminalUI

/// A terminal view that reads its state through a `RenderedState`: its screen is outdated only by a change of a
/// field it read (typing in a field the screen does not show draws nothing), as a SwiftUI view of TCA updates
/// only for the fields it read of its store.
///
/// Conform instead of `TerminalView` and write `screen(reading:in:)` over the rendered state. The state must be an
/// `ObservableState` (the boilerplate plugin lists its fields).
public protocol FieldObservingView: TerminalView where State: ObservableState {
  /// The screen for `state` in `context`: the fields read through `state`, for its text or its commands, are what
  /// it depends on.
  func screen(reading state: RenderedState<State>, in context: ScreenContext) -> TerminalScreen<State, Action>
}

extension FieldObservingView {
  /// The screen read through a `RenderedState`: once drawn, outdated by a later state whose read fields differ;
  /// before (what the text reads is not known yet), by a change of any field.
  public func screen(for state: State, in context: ScreenContext) -> TerminalScreen<State, Action> {
    let reads = StateFieldReads<State>()
    var screen = screen(reading: RenderedState(state, reads: reads), in: context)
    let draw = screen.draw
    let drawing = DrawingRecord()
    screen.draw = {
      drawing.isDrawn = true
      return draw()
    }
    screen.isOutdated = { new in
      drawing.isDrawn
        ? reads.changed(from: state, to: new) : StateFieldReads<State>.anyFieldChanged(from: state, to: new)
    }
    return screen
  }
}

/// Whether a screen's text was drawn, so that what it read is known.
private final class DrawingRecord {
  var isDrawn = false
}
