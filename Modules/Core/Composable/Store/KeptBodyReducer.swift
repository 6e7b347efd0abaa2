/// A root reducer whose `body`, if it has one, is built once, prepared and kept, as a combinator keeps its children's.
///
/// A store made from a feature whose type is known picks the overload that runs
/// `reducer.body`, prepared. One made in generic code (the test store, for one)
/// only knows `some Reducer`, whose default `reduce` rebuilds the body on every
/// action, unprepared: no field offsets, no kept child bodies, so a test would
/// run other code than the app. Wrapping the root like a child closes that gap.
@usableFromInline struct KeptBodyReducer<Base: Reducer>: Reducer {
  @usableFromInline var base: ChildReducer<Base>

  @inlinable init(_ base: Base) {
    self.base = ChildReducer(base)
  }

  /// Runs the base, through its kept body once prepared.
  @inlinable func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    base.reduce(into: &state, action: action)
  }

  /// Prepares the base and gives it a storage for its body.
  @inlinable mutating func prepareForStore() {
    base.prepare()
  }
}
