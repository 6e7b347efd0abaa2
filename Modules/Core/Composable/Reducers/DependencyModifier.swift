extension Reducer {
  /// Runs this reducer, and effects it creates, with the dependency at `keyPath` set to `value`.
  public func dependency<Value: Sendable>(
    _ keyPath: WritableKeyPath<DependencyValues, Value> & Sendable,
    _ value: Value
  ) -> DependencyModifierReducer<Self> {
    DependencyModifierReducer(base: KeptBodyReducer(self)) { $0[keyPath: keyPath] = value }
  }

  /// Runs this reducer, and effects it creates, with dependencies changed by `update`.
  public func transformDependencies(
    _ update: @escaping (inout DependencyValues) -> Void
  ) -> DependencyModifierReducer<Self> {
    DependencyModifierReducer(base: KeptBodyReducer(self), update: update)
  }
}

/// The reducer `.dependency` builds.
public struct DependencyModifierReducer<Base: Reducer>: Reducer {
  var base: KeptBodyReducer<Base>
  let update: (inout DependencyValues) -> Void

  /// Runs the base reducer under the changed dependencies.
  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    ReducingContext.withDependencies(update) {
      base.reduce(into: &state, action: action)
    }
  }

  /// Prepares the wrapped reducer.
  @usableFromInline mutating func prepareForStore() {
    prepareReducer(&base)
  }
}
