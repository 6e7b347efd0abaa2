extension Reducer {
  /// Runs `child` on one case of enum state while state is that case, before this reducer.
  ///
  /// A child action while state is another case is a runtime issue; when this
  /// reducer switches state away from the case, the child's effects are cancelled.
  public func ifCaseLet<ChildState, ChildAction, Child: Reducer>(
    _ toChildState: CaseKeyPath<State, ChildState>,
    action toChildAction: CaseKeyPath<Action, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> then child: () -> Child,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line
  ) -> IfCaseLetReducer<Self, Child>
  where State: CasePathable, Action: CasePathable, Child.State == ChildState, Child.Action == ChildAction {
    IfCaseLetReducer(
      parent: self, child: ChildReducer(child()), toChildState: State.casePath(toChildState),
      toChildAction: Action.casePath(toChildAction), kind: KeyPathKind(toChildState),
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line))
  }
}

/// The reducer `ifCaseLet` builds.
public struct IfCaseLetReducer<Parent: Reducer, Child: Reducer>: Reducer {
  var parent: Parent
  var child: ChildReducer<Child>
  let toChildState: CasePath<Parent.State, Child.State>
  let toChildAction: CasePath<Parent.Action, Child.Action>
  let kind: KeyPathKind
  let location: SourceLocation

  /// Runs the child (if state is its case), then the parent, then cancels the child's effects if the case was left.
  public func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
    let before = toChildState.extract(state).map(childIdentity(of:))
    let childEffect = reduceChild(into: &state, action: action)
    let parentEffect = parent.reduce(into: &state, action: action)
    let after = toChildState.extract(state).map(childIdentity(of:))
    var cancelEffect = Effect<Parent.Action>.none
    if let before, before != after {
      cancelEffect = .cancel(id: NavigationID(kind: kind, id: before))
    }
    return .merge(childEffect, parentEffect, cancelEffect)
  }

  private func reduceChild(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
    guard let childAction = toChildAction.extract(action) else { return .none }
    guard var childState = toChildState.extract(state) else {
      reportIssue(
        """
        An 'ifCaseLet' at \(location.fileID):\(location.line) received a child action while state was \
        another case: \(childAction). Send child actions only while their case is active.
        """,
        at: location)
      return .none
    }
    let id = NavigationID(kind: kind, id: childIdentity(of: childState))
    let effect = ReducingContext.withNavigationID(id) {
      child.reduce(into: &childState, action: childAction)
    }
    state = toChildState.embed(childState)
    if effect.isNone { return .none }
    return effect.map(toChildAction.embed).cancellable(id: id)
  }

  /// Prepares the parent and the child.
  public mutating func prepareForStore() {
    parent.prepareForStore()
    child.prepare()
  }
}
