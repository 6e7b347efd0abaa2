import Composable

/// A state as a screen reads it: each field read through it is noted, so a live session draws the screen again
/// only when a field it read changed, as a SwiftUI view of TCA re-renders only for the fields it read of
/// its store.
///
///     func screen(reading state: RenderedState<State>, in context: ScreenContext) -> TerminalScreen<State, Action> {
///       TerminalScreen(text: "Count: \(state.count)")   // a change of any other field draws nothing
///     }
///
/// Read stored fields: a computed property (or `whole`, for code that takes a state) counts as reading every
/// field, which is never wrong, only slower to skip.
@dynamicMemberLookup
public struct RenderedState<State: ObservableState> {
  private let state: State
  private let reads: StateFieldReads<State>

  /// `state`, its reads noted in `reads`.
  public init(_ state: State, reads: StateFieldReads<State>) {
    self.state = state
    self.reads = reads
  }

  /// The field at `keyPath`, noted as read.
  public subscript<Value>(dynamicMember keyPath: KeyPath<State, Value>) -> Value {
    reads.record(keyPath)
    return state[keyPath: keyPath]
  }

  /// The whole state, for code that takes one: every field counts as read.
  public var whole: State {
    reads.recordWholeState()
    return state
  }
}
