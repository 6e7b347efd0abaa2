/// A combinator with work to do once, before a store's first action, that every action would otherwise redo.
///
/// A store keeps one reducer for its whole life, so what depends only on the
/// reducer (a state key path turned into a field offset, a storage for each
/// child's built body) is computed here rather than in `reduce`. Only the
/// runtime's combinators conform, and each prepares the reducers it holds
/// through `prepareReducer(_:)`; a feature's own reducer has nothing to prepare.
/// Internal, so that `Reducer` shows features a single underscored requirement.
@usableFromInline protocol PreparableReducer: Reducer {
  /// Precomputes what this reducer's actions need and prepares the reducers it holds.
  mutating func prepareForStore()
}

/// Prepares `reducer` for the store that will keep it, when its type has anything to prepare.
///
/// Asked once per store and once per child body built, never per action, so
/// the dynamic lookup of the conformance costs nothing that an action pays.
@usableFromInline func prepareReducer<R: Reducer>(_ reducer: inout R) {
  guard let preparable = R.self as? any PreparableReducer.Type else { return }
  prepare(&reducer, as: preparable)
}

/// Prepares `reducer` in place as the type it is at run time.
private func prepare<R, Preparable: PreparableReducer>(_ reducer: inout R, as type: Preparable.Type) {
  withUnsafeMutablePointer(to: &reducer) { pointer in
    pointer.withMemoryRebound(to: Preparable.self, capacity: 1) { $0.pointee.prepareForStore() }
  }
}

// The reducers that prepare something: every combinator that holds a child, a path or a linked implementation.
extension ReducerSequence: PreparableReducer {}
extension ConditionalReducer: PreparableReducer {}
extension Optional: PreparableReducer where Wrapped: Reducer {}
extension CombineReducers: PreparableReducer {}
extension Scope: PreparableReducer {}
extension IfLetReducer: PreparableReducer {}
extension IfCaseLetReducer: PreparableReducer {}
extension ForEachReducer: PreparableReducer {}
extension PresentationReducer: PreparableReducer {}
extension StackReducer: PreparableReducer {}
extension OnChangeReducer: PreparableReducer {}
extension DependencyModifierReducer: PreparableReducer {}
extension ModifiedReducer: PreparableReducer {}
extension Reduce: PreparableReducer {}
extension FeatureLogic: PreparableReducer {}
extension KeptBodyReducer: PreparableReducer {}
