/// A reducer from a closure: the usual way to write a feature's own logic inside `body`.
public struct Reduce<State, Action>: Reducer {
  @usableFromInline var reducer: (inout State, Action) -> Effect<Action>
  /// For a wrapped reducer: makes a prepared copy of it (its body kept) and returns the closure that runs it.
  ///
  /// A closure cannot be prepared, so erasing a reducer would otherwise hide it
  /// from the store: an app erasing its root (`Reduce(AppFeature().printChanges())`)
  /// would rebuild every body on every action. Each call makes a new copy, so
  /// every store preparing the same `Reduce` gets bodies of its own.
  @usableFromInline let preparedReducer: (() -> (inout State, Action) -> Effect<Action>)?

  /// A reducer that calls `reduce` for each action.
  @inlinable public init(_ reduce: @escaping (_ state: inout State, _ action: Action) -> Effect<Action>) {
    self.reducer = reduce
    preparedReducer = nil
  }

  /// Wraps another reducer, erasing its type; a store still prepares it (and keeps its body).
  @inlinable public init<R: Reducer>(_ reducer: R) where R.State == State, R.Action == Action {
    self.reducer = reducer.reduce(into:action:)
    preparedReducer = {
      var kept = KeptBodyReducer(reducer)
      prepareReducer(&kept)
      // Boxed, like a store's root: a closure capturing the reducer would copy it on every call.
      let box = PreparedReducer(kept)
      return { box.reducer.reduce(into: &$0, action: $1) }
    }
  }

  /// Prepares the wrapped reducer, if any, in a copy of its own.
  @inlinable mutating func prepareForStore() {
    if let preparedReducer { reducer = preparedReducer() }
  }

  /// Calls the closure.
  @inlinable public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    reducer(&state, action)
  }
}
