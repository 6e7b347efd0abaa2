/// A combinator's child reducer, with the storage for its built body once a store prepared it.
///
/// Unprepared (a reducer used directly, or built inside a body that is itself
/// rebuilt), the child's body is built on every action, as a plain `reduce` does;
/// prepared, through `BodyStorage`, once.
@usableFromInline struct ChildReducer<Child: Reducer> {
  @usableFromInline var reducer: Child
  @usableFromInline var storage: BodyStorage?

  @inlinable init(_ reducer: Child) {
    self.reducer = reducer
    storage = nil
  }

  /// Runs the child, through its kept body when prepared.
  @inlinable @inline(__always) func reduce(into state: inout Child.State, action: Child.Action) -> Effect<Child.Action>
  {
    switch storage {
    case .some(let storage): reducer.reduce(into: &state, action: action, keepingBodyIn: storage)
    case .none: reducer.reduce(into: &state, action: action)
    }
  }

  /// Prepares the child and gives it a storage for its body.
  @inlinable mutating func prepare() {
    reducer.prepareForStore()
    storage = BodyStorage()
  }
}
