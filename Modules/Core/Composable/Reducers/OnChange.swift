extension Reducer {
  /// Runs the reducer `reaction` builds whenever this reducer changes the value at `toValue`.
  ///
  /// ```
  /// Reduce { … }
  ///   .onChange(of: \.query) { oldQuery, newQuery in
  ///     Reduce { state, _ in .send(.search(newQuery)) }
  ///   }
  /// ```
  /// Limit: it compares the value before and after *this* reducer runs, so it
  /// sees only changes made by the reducer it wraps. A parent that changes the
  /// value, state restored from disk, or another feature writing a shared value
  /// does not trigger it; derive such reactions from the action that caused them.
  public func onChange<Value: Equatable, Reaction: Reducer>(
    of toValue: @escaping (State) -> Value,
    @ReducerBuilder<State, Action> _ reaction: @escaping (_ oldValue: Value, _ newValue: Value) -> Reaction
  ) -> OnChangeReducer<Self, Value, Reaction> where Reaction.State == State, Reaction.Action == Action {
    OnChangeReducer(base: KeptBodyReducer(self), toValue: toValue, reaction: reaction)
  }
}

/// The reducer `onChange(of:)` builds.
public struct OnChangeReducer<Base: Reducer, Value: Equatable, Reaction: Reducer>: Reducer
where Reaction.State == Base.State, Reaction.Action == Base.Action {
  var base: KeptBodyReducer<Base>
  let toValue: (Base.State) -> Value
  let reaction: (Value, Value) -> Reaction

  /// Runs the base reducer, then the reaction if the value changed; both effects run.
  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    let oldValue = toValue(state)
    let baseEffect = base.reduce(into: &state, action: action)
    let newValue = toValue(state)
    guard oldValue != newValue else { return baseEffect }
    return .merge(baseEffect, reaction(oldValue, newValue).reduce(into: &state, action: action))
  }

  /// Prepares the wrapped reducer.
  @usableFromInline mutating func prepareForStore() {
    prepareReducer(&base)
  }
}
