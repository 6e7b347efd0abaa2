/// Holds a reducer so that, inside a store, its `body` (if it has one) is built once, prepared and kept.
///
/// Combinators keep their children's bodies this way. A reducer held any other
/// way, as a plain stored `Base` (a wrapper such as `printChanges`) or behind
/// `some Reducer` (a store made in generic code, such as the test store), runs
/// the default `reduce`, which rebuilds the body on every action, unprepared: no
/// field offsets, no kept child bodies. Wrappers hold their base in one of these,
/// and forward their preparation to it (`PreparableReducer`).
@usableFromInline struct KeptBodyReducer<Base: Reducer>: Reducer {
  @usableFromInline var base: ChildReducer<Base>

  /// Holds `base`; its body is kept once a store prepares this reducer.
  @inlinable public init(_ base: Base) {
    self.base = ChildReducer(base)
  }

  /// Runs the base, through its kept body once prepared.
  @inlinable public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    base.reduce(into: &state, action: action)
  }

  /// Prepares the base and gives it a storage for its body.
  @inlinable mutating func prepareForStore() {
    base.prepare()
  }
}
