extension Reducer {
  /// Runs `child` on optional child state while it is non-nil, before this reducer.
  ///
  /// A child action while the state is nil is a runtime issue. When this reducer
  /// sets the state to nil or to a child with a different id, every effect the
  /// old child started is cancelled.
  @inlinable public func ifLet<ChildState, ChildAction, Child: Reducer>(
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

extension Reducer {
  /// Clears optional alert or dialog state (not `@Presents`) after any of its actions, once this reducer ran.
  @inlinable public func ifLet<ChildState: EphemeralState, ChildAction>(
    _ toChildState: WritableKeyPath<State, ChildState?>,
    action toChildAction: CaseKeyPath<Action, ChildAction>,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line
  ) -> IfLetReducer<Self, EmptyReducer<ChildState, ChildAction>> where Action: CasePathable {
    ifLet(
      toChildState, action: toChildAction, then: { EmptyReducer() }, fileID: fileID, filePath: filePath, line: line)
  }
}

/// The reducer `ifLet` builds: runs the child while its optional state is non-nil and cancels its effects when
/// that state goes away.
// Inlinable, so that it is specialized for the feature: generic, it paid metadata lookups, key-path reads and a
// dynamic cast per identity, about 15,000 instructions on every action of a parent holding a child.
public struct IfLetReducer<Parent: Reducer, Child: Reducer>: Reducer {
  @usableFromInline var parent: Parent
  @usableFromInline var child: ChildReducer<Child>
  @usableFromInline var toChildState: FieldPath<Parent.State, Child.State?>
  @usableFromInline let toChildAction: CasePath<Parent.Action, Child.Action>
  @usableFromInline let location: SourceLocation
  @usableFromInline let kind: KeyPathKind
  @usableFromInline let identifier: ChildIdentifier<Child.State>
  /// Whether the child is an alert or a dialog, cleared after any of its actions.
  @usableFromInline let isEphemeral: Bool

  @inlinable init(
    parent: Parent, child: ChildReducer<Child>, toChildState: WritableKeyPath<Parent.State, Child.State?>,
    toChildAction: CasePath<Parent.Action, Child.Action>, location: SourceLocation
  ) {
    self.parent = parent
    self.child = child
    self.toChildState = FieldPath(toChildState)
    self.toChildAction = toChildAction
    self.location = location
    kind = KeyPathKind(toChildState)
    identifier = ChildIdentifier()
    isEphemeral = Child.State.self is any EphemeralState.Type
  }

  /// Runs the child (if its state is present), then the parent, then cancels a removed child's effects.
  @inlinable public func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
    var childEffect = Effect<Parent.Action>.none
    if let childAction = toChildAction.extract(action) {
      if isEphemeral { return reduceEphemeral(into: &state, action: action, childAction: childAction) }
      childEffect = reduceChild(into: &state, action: childAction)
    }
    // A child whose identity never changes is the same child while present: its
    // presence is all that needs comparing, and reading it copies nothing.
    if identifier.isConstant {
      let wasPresent = isPresent(in: &state)
      let parentEffect = parent.reduce(into: &state, action: action)
      if !wasPresent || isPresent(in: &state) {
        return childEffect.isNone ? parentEffect : .merge(childEffect, parentEffect)
      }
      let id = identifier.navigationID(.constant, kind: kind)
      return .merge(childEffect, parentEffect, .cancel(id: id))
    }
    let before = identity(in: state)
    let parentEffect = parent.reduce(into: &state, action: action)
    guard let before, identity(in: state) != before else {
      return childEffect.isNone ? parentEffect : .merge(childEffect, parentEffect)
    }
    return .merge(childEffect, parentEffect, .cancel(id: NavigationID(kind: kind, id: before)))
  }

  /// Runs an alert's or dialog's action through the child and the parent, then clears it (unless the parent
  /// replaced it with another).
  @inlinable @inline(never) func reduceEphemeral(
    into state: inout Parent.State, action: Parent.Action, childAction: Child.Action
  ) -> Effect<Parent.Action> {
    let childEffect = reduceChild(into: &state, action: childAction)
    let before = identity(in: state)
    let parentEffect = parent.reduce(into: &state, action: action)
    if before != nil, identity(in: state) == before { state[keyPath: toChildState.keyPath] = nil }
    return .merge(childEffect, parentEffect)
  }

  /// Whether the child's state is present.
  @inlinable func isPresent(in state: inout Parent.State) -> Bool {
    guard let offset = toChildState.offset else { return state[keyPath: toChildState.keyPath] != nil }
    return Self.isPresent(at: offset, in: &state)
  }

  @inlinable static func isPresent(at offset: Int, in root: UnsafeMutablePointer<Parent.State>) -> Bool {
    FieldPath<Parent.State, Child.State?>.field(at: offset, in: root).pointee != nil
  }

  /// The child's identity, or nil while it is absent.
  @inlinable func identity(in state: Parent.State) -> AnyHashableSendable? {
    state[keyPath: toChildState.keyPath].map(identifier.identify)
  }

  /// Runs the child on its state where it lies.
  @inlinable func reduceChild(into state: inout Parent.State, action: Child.Action) -> Effect<Parent.Action> {
    guard let offset = toChildState.offset else {
      return reducePresent(&state[keyPath: toChildState.keyPath], action: action)
    }
    return Self.reduceChild(self, at: offset, in: &state, action: action)
  }

  @inlinable static func reduceChild(
    _ reducer: Self, at offset: Int, in root: UnsafeMutablePointer<Parent.State>, action: Child.Action
  ) -> Effect<Parent.Action> {
    reducer.reducePresent(&FieldPath<Parent.State, Child.State?>.field(at: offset, in: root).pointee, action: action)
  }

  /// Runs the child under its navigation id; a child that changes its own identity (a new id)
  /// has the old identity's effects cancelled, as if the parent had replaced it.
  @inlinable func reducePresent(_ childState: inout Child.State?, action: Child.Action) -> Effect<Parent.Action> {
    guard childState != nil else {
      reportAbsentChild(action: action)
      return .none
    }
    return identifier.run(
      &childState!, kind: kind, { child.reduce(into: &$0, action: action) }, embed: { embed($0, id: $1) })
  }

  /// The child's effect, its actions embedded, cancelled with the child.
  @inlinable @inline(never) func embed(_ effect: Effect<Child.Action>, id: NavigationID) -> Effect<Parent.Action> {
    effect.map(toChildAction.embed).cancellable(id: id)
  }

  /// Reports a child action that arrived while the child's state was nil.
  @usableFromInline func reportAbsentChild(action: Child.Action) {
    reportIssue(
      """
      An 'ifLet' at \(location.fileID):\(location.line) received a child action while its state was nil: \
      \(action). This usually means an effect of a dismissed child is still sending; cancel it, or \
      send child actions only while the child is present.
      """,
      at: location)
  }

  /// Finds the child's field offset and prepares the parent and the child.
  @inlinable mutating func prepareForStore() {
    prepareReducer(&parent)
    child.prepare()
    toChildState.prepare()
  }
}
