/// Groups reducers into one, so an operator such as `ifLet` applies to all of them.
public struct CombineReducers<State, Action, Reducers: Reducer>: Reducer
where Reducers.State == State, Reducers.Action == Action {
  @usableFromInline var reducers: Reducers

  /// The reducers built by `build`, run in order.
  @inlinable public init(@ReducerBuilder<State, Action> _ build: () -> Reducers) {
    reducers = build()
  }

  /// Runs the group.
  @inlinable public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    reducers.reduce(into: &state, action: action)
  }

  /// Prepares the group.
  @inlinable mutating func prepareForStore() {
    prepareReducer(&reducers)
  }
}

/// A reducer that does nothing: the empty body, and a placeholder while a feature is built.
public struct EmptyReducer<State, Action>: Reducer {
  /// Creates it.
  @inlinable public init() {}

  /// Changes nothing, returns no effect.
  @inlinable public func reduce(into state: inout State, action: Action) -> Effect<Action> { .none }
}
