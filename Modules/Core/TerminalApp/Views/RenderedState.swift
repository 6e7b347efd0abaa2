import Composable

/// A feature's state as its terminal view reads it: through a store, as a SwiftUI view reads `store.field`, so that
/// Observation knows which fields the screen read and a live session draws it again only when one of them changes.
/// A state no session holds (a test's, the debugger's past) is read through a store of its own (see
/// `TerminalView.screen(for:in:)`): a view has one path.
///
///     func screen(reading state: RenderedState<State>, in context: ScreenContext) -> TerminalScreen<State, Action> {
///       TerminalScreen(text: "Count: \(state.count)")   // a change of any other field draws nothing
///     }
///
/// Read stored fields: a computed property (or `whole`, for code that takes a state) counts as reading every
/// field, which is never wrong, only slower to skip.
@dynamicMemberLookup
public struct RenderedState<State> {
  private let store: any StateSource<State>

  /// The state `store` holds, each read registered with Observation through the store.
  public init<Action>(through store: Store<State, Action>) {
    self.store = store
  }

  /// The field at `keyPath`, read through the store.
  public subscript<Value>(dynamicMember keyPath: KeyPath<State, Value>) -> Value {
    // A view is asked for a screen on the main actor only (`TerminalView.screen(of:in:)` is isolated to it); key
    // paths of fields hold nothing mutable, and the value read goes back to the same thread.
    let store = store
    nonisolated(unsafe) let keyPath = keyPath
    nonisolated(unsafe) var read: Value?
    MainActor.assumeIsolated { read = store.read(keyPath) }
    return read!
  }

  /// The whole state, for code that takes one: every field counts as read.
  public var whole: State {
    let store = store
    nonisolated(unsafe) var read: State?
    MainActor.assumeIsolated { read = store.wholeState }
    return read!
  }
}

/// What a `RenderedState` reads through: a store, its type of actions hidden.
@MainActor protocol StateSource<State>: AnyObject, Sendable {
  associatedtype State
  /// The field at `keyPath`, its read registered.
  func read<Value>(_ keyPath: KeyPath<State, Value>) -> Value
  /// The whole state, its read registered.
  var wholeState: State { get }
}

extension Store: StateSource {
  func read<Value>(_ keyPath: KeyPath<State, Value>) -> Value { self[dynamicMember: keyPath] }
  var wholeState: State { state }
}
