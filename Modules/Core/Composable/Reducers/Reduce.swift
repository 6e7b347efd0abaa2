/// A reducer from a closure: the usual way to write a feature's own logic inside `body`.
public struct Reduce<State, Action>: Reducer {
  @usableFromInline let reducer: (inout State, Action) -> Effect<Action>

  /// A reducer that calls `reduce` for each action.
  @inlinable public init(_ reduce: @escaping (_ state: inout State, _ action: Action) -> Effect<Action>) {
    self.reducer = reduce
  }

  /// Wraps another reducer, erasing its type.
  @inlinable public init<R: Reducer>(_ reducer: R) where R.State == State, R.Action == Action {
    self.reducer = reducer.reduce(into:action:)
  }

  /// Calls the closure.
  @inlinable public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    reducer(&state, action)
  }
}
