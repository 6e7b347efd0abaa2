/// Runs a child reducer on part of the parent's state, for the child's actions only.
///
/// The part is a struct field (`Scope(state: \.counter, action: \.counter)`) or an
/// enum case of state (`Scope(state: \.loggedIn, action: \.loggedIn)`); for a case,
/// a child action that arrives while state is another case is a runtime issue.
public struct Scope<ParentState, ParentAction, Child: Reducer>: Reducer {
  @usableFromInline enum StatePath {
    case field(FieldPath<ParentState, Child.State>)
    case enumCase(CasePath<ParentState, Child.State>)
  }

  @usableFromInline var statePath: StatePath
  @usableFromInline let actionPath: CasePath<ParentAction, Child.Action>
  @usableFromInline var child: Child
  @usableFromInline let location: SourceLocation

  /// Scopes to a field of the parent's state.
  @inlinable public init<ChildState, ChildAction>(
    state: WritableKeyPath<ParentState, ChildState>,
    action: CaseKeyPath<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line
  ) where ParentAction: CasePathable, ChildState == Child.State, ChildAction == Child.Action {
    self.init(
      state: state, action: ParentAction.casePath(action), child: child,
      fileID: fileID, filePath: filePath, line: line)
  }

  /// Scopes to a field of the parent's state, with the child's actions given as a case path value.
  @inlinable public init<ChildState, ChildAction>(
    state: WritableKeyPath<ParentState, ChildState>,
    action: CasePath<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line
  ) where ChildState == Child.State, ChildAction == Child.Action {
    statePath = .field(FieldPath(state))
    actionPath = action
    self.child = child()
    location = SourceLocation(fileID: fileID, filePath: filePath, line: line)
  }

  /// Scopes to one case of the parent's enum state.
  @inlinable public init<ChildState, ChildAction>(
    state: CaseKeyPath<ParentState, ChildState>,
    action: CaseKeyPath<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line
  )
  where ParentAction: CasePathable, ParentState: CasePathable, ChildState == Child.State, ChildAction == Child.Action {
    statePath = .enumCase(ParentState.casePath(state))
    actionPath = ParentAction.casePath(action)
    self.child = child()
    location = SourceLocation(fileID: fileID, filePath: filePath, line: line)
  }

  /// Runs the child if `action` is one of its actions.
  @inlinable public func reduce(into state: inout ParentState, action: ParentAction) -> Effect<ParentAction> {
    guard let childAction = actionPath.extract(action) else { return .none }
    switch statePath {
    case let .field(field):
      let effect =
        if let offset = field.offset {
          Self.reduce(child, at: offset, in: &state, action: childAction)
        } else {
          child.reduce(into: &state[keyPath: field.keyPath], action: childAction)
        }
      return effect.isNone ? .none : effect.map(actionPath.embed)
    case let .enumCase(casePath):
      guard var childState = casePath.extract(state) else {
        reportIssue(
          """
          A 'Scope' at \(location.fileID):\(location.line) received a child action while the parent's \
          state was another case: \(childAction). Child actions must be sent only while their case is active.
          """,
          at: location)
        return .none
      }
      let effect = child.reduce(into: &childState, action: childAction)
      state = casePath.embed(childState)
      return effect.isNone ? .none : effect.map(actionPath.embed)
    }
  }

  /// Runs `child` on the field at `offset` in the state at `root`.
  @inlinable static func reduce(
    _ child: Child, at offset: Int, in root: UnsafeMutablePointer<ParentState>, action: Child.Action
  ) -> Effect<Child.Action> {
    child.reduce(into: &FieldPath<ParentState, Child.State>.field(at: offset, in: root).pointee, action: action)
  }

  /// Finds the field's offset and prepares the child.
  @inlinable public mutating func prepareForStore() {
    if case var .field(field) = statePath {
      field.prepare()
      statePath = .field(field)
    }
    child.prepareForStore()
  }
}
