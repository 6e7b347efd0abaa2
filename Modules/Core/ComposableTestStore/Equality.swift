/// Compares two values of a type known only at run time to be `Equatable`.
///
/// The test store needs `==` on state and actions only where it compares them,
/// so it asks at run time instead of constraining every use of the type.
@usableFromInline struct RuntimeEquality<Value> {
  @usableFromInline let areEqual: ((Value, Value) -> Bool)?

  init(_: Value.Type) {
    func make<T: Equatable>(_: T.Type) -> (Value, Value) -> Bool {
      { ($0 as! T) == ($1 as! T) }
    }
    if let equatable = Value.self as? any Equatable.Type {
      areEqual = make(equatable)
    } else {
      areEqual = nil
    }
  }
}
