extension Reducer {
  /// Runs `child` on one case of enum state while state is that case, before this reducer.
  ///
  /// A child action while state is another case is a runtime issue; when this
  /// reducer switches state away from the case, the child's effects are cancelled.
  @inlinable public func ifCaseLet<ChildState, ChildAction, Child: Reducer>(
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

/// The reducer `ifCaseLet` builds: runs the child while the parent's state is in the child's case, and cancels
/// the child's effects when the state leaves that case.
// Inlinable, so that it is specialized for the feature, and the child's identity rule is decided once
// (`ChildIdentifier`) instead of by a dynamic cast on every action.
public struct IfCaseLetReducer<Parent: Reducer, Child: Reducer>: Reducer {
  @usableFromInline var parent: Parent
  @usableFromInline var child: ChildReducer<Child>
  @usableFromInline let toChildState: CasePath<Parent.State, Child.State>
  @usableFromInline let toChildAction: CasePath<Parent.Action, Child.Action>
  @usableFromInline let kind: KeyPathKind
  @usableFromInline let location: SourceLocation
  @usableFromInline let identifier: ChildIdentifier<Child.State>

  @inlinable init(
    parent: Parent, child: ChildReducer<Child>, toChildState: CasePath<Parent.State, Child.State>,
    toChildAction: CasePath<Parent.Action, Child.Action>, kind: KeyPathKind, location: SourceLocation
  ) {
    self.parent = parent
    self.child = child
    self.toChildState = toChildState
    self.toChildAction = toChildAction
    self.kind = kind
    self.location = location
    identifier = ChildIdentifier()
  }

  /// Runs the child (if state is its case), then the parent, then cancels the child's effects if the case was left.
  @inlinable public func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
    var childEffect = Effect<Parent.Action>.none
    if let childAction = toChildAction.extract(action) {
      childEffect = reduceChild(into: &state, action: childAction)
    }
    let before = identity(in: state)
    let parentEffect = parent.reduce(into: &state, action: action)
    guard let before, !isSameChild(before, identity(in: state)) else {
      return childEffect.isNone ? parentEffect : .merge(childEffect, parentEffect)
    }
    return .merge(childEffect, parentEffect, .cancel(id: NavigationID(kind: kind, id: before)))
  }

  /// The child's identity, or nil while state is another case.
  @inlinable func identity(in state: Parent.State) -> AnyHashableSendable? {
    guard let childState = toChildState.extract(state) else { return nil }
    return identifier.isConstant
      ? ChildKey.constant.identity(enumType: Child.State.self) : identifier.identify(childState)
  }

  /// Whether `after` is the child `before` was; for a child without identity, being present is enough.
  @inlinable func isSameChild(_ before: AnyHashableSendable, _ after: AnyHashableSendable?) -> Bool {
    guard let after else { return false }
    return identifier.isConstant || before == after
  }

  /// Runs the child under its navigation id; a child that changes its own identity (a new id)
  /// has the old identity's effects cancelled, as if the parent had replaced it.
  @inlinable func reduceChild(into state: inout Parent.State, action: Child.Action) -> Effect<Parent.Action> {
    guard var childState = toChildState.extract(state) else {
      reportWrongCase(action: action)
      return .none
    }
    let effect = identifier.run(
      &childState, kind: kind, { child.reduce(into: &$0, action: action) }, embed: { embed($0, id: $1) })
    state = toChildState.embed(childState)
    return effect
  }

  /// The child's effect, its actions embedded, cancelled with the child.
  @inlinable @inline(never) func embed(_ effect: Effect<Child.Action>, id: NavigationID) -> Effect<Parent.Action> {
    effect.map(toChildAction.embed).cancellable(id: id)
  }

  /// Reports a child action that arrived while state was another case.
  @usableFromInline func reportWrongCase(action: Child.Action) {
    reportIssue(
      """
      An 'ifCaseLet' at \(location.fileID):\(location.line) received a child action while state was \
      another case: \(action). Send child actions only while their case is active.
      """,
      at: location)
  }

  /// Prepares the parent and the child.
  @inlinable mutating func prepareForStore() {
    prepareReducer(&parent)
    child.prepare()
  }
}
