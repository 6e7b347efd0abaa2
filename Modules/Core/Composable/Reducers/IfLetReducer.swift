extension Reducer {
  /// Runs `child` on optional child state while it is non-nil, before this reducer.
  ///
  /// A child action while the state is nil is a runtime issue. When this reducer
  /// sets the state to nil or to a child with a different id, every effect the
  /// old child started is cancelled.
  public func ifLet<ChildState, ChildAction, Child: Reducer>(
    _ toChildState: WritableKeyPath<State, ChildState?>,
    action toChildAction: CaseKeyPath<Action, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> then child: () -> Child,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line
  ) -> IfLetReducer<Self, Child>
  where Action: CasePathable, Child.State == ChildState, Child.Action == ChildAction {
    IfLetReducer(
      parent: self, child: ChildReducer(child()), toChildState: toChildState,
      toChildAction: Action.casePath(toChildAction),
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line))
  }
}

/// The reducer `ifLet` builds.
public struct IfLetReducer<Parent: Reducer, Child: Reducer>: Reducer {
  var parent: Parent
  var child: ChildReducer<Child>
  let toChildState: WritableKeyPath<Parent.State, Child.State?>
  let toChildAction: CasePath<Parent.Action, Child.Action>
  let location: SourceLocation

  /// Runs the child (if its state is present), then the parent, then cancels a removed child's effects.
  public func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
    let before = state[keyPath: toChildState].map(childIdentity(of:))
    let childEffect = reduceChild(into: &state, action: action)
    let parentEffect = parent.reduce(into: &state, action: action)
    let after = state[keyPath: toChildState].map(childIdentity(of:))
    var cancelEffect = Effect<Parent.Action>.none
    if let before, before != after {
      cancelEffect = .cancel(id: navigationID(before))
    }
    return .merge(childEffect, parentEffect, cancelEffect)
  }

  private func reduceChild(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
    guard let childAction = toChildAction.extract(action) else { return .none }
    guard let identity = state[keyPath: toChildState].map(childIdentity(of:)) else {
      reportIssue(
        """
        An 'ifLet' at \(location.fileID):\(location.line) received a child action while its state was nil: \
        \(childAction). This usually means an effect of a dismissed child is still sending; cancel it, or \
        send child actions only while the child is present.
        """,
        at: location)
      return .none
    }
    let id = navigationID(identity)
    let effect = ReducingContext.withNavigationID(id) {
      child.reduce(into: &state[keyPath: toChildState]!, action: childAction)
    }
    if effect.isNone { return .none }
    return effect.map(toChildAction.embed).cancellable(id: id)
  }

  private func navigationID(_ identity: AnyHashableSendable) -> NavigationID {
    NavigationID(kind: KeyPathKind(toChildState), id: identity)
  }

  /// Prepares the parent and the child.
  public mutating func prepareForStore() {
    parent.prepareForStore()
    child.prepare()
  }
}
