/// A combinator's child reducer, with the storage for its built body once a store prepared it.
///
/// Unprepared (a reducer used directly, or built inside a body that is itself
/// rebuilt), the child's body is built on every action, as a plain `reduce` does;
/// prepared, through `_BodyStorage`, once.
@usableFromInline struct ChildReducer<Child: Reducer> {
  @usableFromInline var reducer: Child
  /// Owns the storage.
  @usableFromInline var storage: _BodyStorage?
  /// The same storage, unretained: read on every action without reference counting.
  @usableFromInline var storageAddress: UnsafeMutableRawPointer?

  @inlinable init(_ reducer: Child) {
    self.reducer = reducer
    storage = nil
    storageAddress = nil
  }

  /// Runs the child, through its kept body when prepared.
  @inlinable @inline(__always) func reduce(into state: inout Child.State, action: Child.Action) -> Effect<Child.Action>
  {
    guard let storageAddress else { return reducer.reduce(into: &state, action: action) }
    return Unmanaged<_BodyStorage>.fromOpaque(storageAddress)._withUnsafeGuaranteedRef {
      reducer._reduce(into: &state, action: action, keepingBodyIn: $0)
    }
  }

  /// Prepares the child and gives it a storage for its body.
  @inlinable mutating func prepare() {
    prepareReducer(&reducer)
    let storage = _BodyStorage()
    self.storage = storage
    storageAddress = Unmanaged.passUnretained(storage).toOpaque()
  }
}
