/// A field of a store's state that a view reads and writes: writing sends the feature's binding action.
///
/// `store.binding(\.profile).name.wrappedValue = "Ada"` sends `.binding(.set(\.profile.name, "Ada"))`: a
/// nested field is set by its own binding action, so the rest of `profile` is never overwritten with a
/// stale copy. A write that no `BindingReducer` applies is a runtime issue: the feature forgot to compose one. A
/// write to the store of a child that was dismissed meanwhile is dropped without one (SwiftUI writes a sheet's
/// bindings once more as it goes away).
@dynamicMemberLookup
@MainActor public struct StoreBinding<State, Action: BindableAction, Value: Equatable & Sendable>
where Action.State == State {
  let store: Store<State, Action>
  let keyPath: WritableKeyPath<State, Value>

  /// The field's current value; setting it sends a binding action for it.
  public var wrappedValue: Value {
    get { store.state[keyPath: keyPath] }
    nonmutating set {
      let receipt = BindingReceipt()
      let dropped = BindingWrite.sending {
        store.send(.binding(.set(field: keyPath, newValue, receipt: receipt)))
      }
      if !dropped && !receipt.isApplied {
        reportIssue(
          """
          A binding action setting \(keyPath) to \(newValue) was sent, but no 'BindingReducer' applied it: add \
          'BindingReducer()' to the feature's body (before the logic that reacts to fields).
          """)
      }
    }
  }

  /// The binding of a field inside this one.
  public subscript<Field: Equatable & Sendable>(
    dynamicMember field: WritableKeyPath<Value, Field>
  ) -> StoreBinding<State, Action, Field> {
    StoreBinding<State, Action, Field>(store: store, keyPath: keyPath.appending(path: field))
  }
}

extension Store where Action: BindableAction, Action.State == State {
  /// The binding of the field at `keyPath`; its own fields are bindings too (`binding(\.profile).name`).
  public func binding<Value: Equatable & Sendable>(
    _ keyPath: WritableKeyPath<State, Value>
  ) -> StoreBinding<State, Action, Value> {
    StoreBinding(store: self, keyPath: keyPath)
  }
}
