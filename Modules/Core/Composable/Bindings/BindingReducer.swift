/// Applies every binding action to state; put it in a form's `body` before the logic that reacts to fields.
public struct BindingReducer<State, Action: BindableAction>: Reducer where Action.State == State {
  /// A reducer for the feature's bindings.
  public init() {}

  /// Sets the field a binding action names; other actions pass through.
  @inlinable public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    action.binding?.set(&state)
    return .none
  }
}
