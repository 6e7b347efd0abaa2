import Composable
import TerminalUI

/// A terminal view that renders through a `RenderedState`: a live session renders its screen again only when a
/// field the last render read changed (typing in a field the screen does not show renders nothing).
///
/// Conform instead of `TerminalView` and write `render` over the rendered state; its other members take the
/// state itself. The state must be an `ObservableState` (the boilerplate plugin lists its fields).
public protocol FieldObservingView: TerminalView where State: ObservableState {
  /// The screen for `state`, styled with `style`: the fields read through `state` are what it depends on.
  func render(_ state: RenderedState<State>, style: TextStyle) -> String
}

extension FieldObservingView {
  /// Renders through a `RenderedState`, noting what was read for the session's next `screenChanges`.
  public func render(_ state: State, style: TextStyle) -> String {
    let reads = StateFieldReads<State>()
    let screen = render(RenderedState(state, reads: reads), style: style)
    RenderReads.current?.note(reads, of: Self.self)
    return screen
  }

  /// Whether a field the last render read changed; any field's change when the session kept no reads of this
  /// screen (it was not rendered last time, or it is asked outside a live session).
  public func screenChanges(from old: State, to new: State) -> Bool {
    fieldScreenChanges(from: old, to: new)
  }

  func fieldScreenChanges(from old: State, to new: State) -> Bool {
    guard let reads = RenderReads.current?.reads(of: Self.self, State.self) else {
      return StateFieldReads<State>.anyFieldChanged(from: old, to: new)
    }
    return reads.changed(from: old, to: new)
  }
}

extension FieldObservingView where State: Equatable {
  /// Whether a field the last render read changed (preferred over comparing the whole state).
  public func screenChanges(from old: State, to new: State) -> Bool {
    fieldScreenChanges(from: old, to: new)
  }
}

/// What the views of one render read, by kind of view: a live session keeps the last render's, and asks its
/// views whether a change concerns them against it.
///
/// Kept by kind, not by place in the screen: two screens of one kind rendered at once (a list shown under
/// another list) share the union of their reads, so either may render for the other's field, never miss its own.
final class RenderReads: @unchecked Sendable {
  // Used by one session on the main actor, synchronously within a render or a check; unchecked because the
  // task-local value must be Sendable.
  @TaskLocal static var current: RenderReads?

  private var byView: [ObjectIdentifier: AnyObject] = [:]

  /// Adds `reads` to those of views of kind `view`.
  func note<View, State>(_ reads: StateFieldReads<State>, of view: View.Type) {
    let key = ObjectIdentifier(view)
    if let earlier = byView[key] as? StateFieldReads<State> { earlier.formUnion(reads) } else { byView[key] = reads }
  }

  /// What views of kind `view` read in the render, if one rendered.
  func reads<View, State>(of view: View.Type, _ state: State.Type) -> StateFieldReads<State>? {
    byView[ObjectIdentifier(view)] as? StateFieldReads<State>
  }
}
