/// Runs a child reducer on part of the parent's state, for the child's actions only.
///
/// The part is a struct field (`Scope(state: \.counter, action: \.counter)`) or an
/// enum case of state (`Scope(state: \.loggedIn, action: \.loggedIn)`); for a case,
/// a child action that arrives while state is another case is a runtime issue.
public struct Scope<ParentState, ParentAction, Child: Reducer>: Reducer {
  /// Everything the scope holds, behind one reference.
  ///
  /// Swift passes a large struct to a method by copying it to the stack first
  /// when it cannot prove the original stays unchanged (a kept body, say), and a
  /// scope with its paths, child and location is over a hundred bytes; a scope
  /// that is one reference passes in a register, and the core's fields are read
  /// where they lie. The core never changes: preparing makes a new one.
  @usableFromInline var core: ScopeCore<ParentState, ParentAction, Child>

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
    core = ScopeCore(
      statePath: .field(state), fieldOffset: nil, actionPath: action, child: ChildReducer(child()),
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line))
  }

  /// Scopes to one case of the parent's enum state.
  @inlinable public init<ChildState, ChildAction>(
    state: CaseKeyPath<ParentState, ChildState>,
    action: CaseKeyPath<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line
  )
  where ParentAction: CasePathable, ParentState: CasePathable, ChildState == Child.State, ChildAction == Child.Action {
    core = ScopeCore(
      statePath: .enumCase(ParentState.casePath(state)), fieldOffset: nil,
      actionPath: ParentAction.casePath(action), child: ChildReducer(child()),
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line))
  }

  /// Runs the child if `action` is one of its actions.
  // Always inlined, with the core's `reduce` and the kept body's call: then a chain of nested scopes compiles into
  // one function, where a call and a stack frame per level cost 16 instructions per level (a third of a level).
  @inlinable @inline(__always)
  public func reduce(into state: inout ParentState, action: ParentAction) -> Effect<ParentAction> {
    core.reduce(into: &state, action: action)
  }

  /// Finds the field's offset and prepares the child, which keeps its body from then on.
  @inlinable mutating func prepareForStore() {
    core = core.prepared()
  }
}

/// A `Scope`'s paths and child; immutable, so that it is read in place.
@usableFromInline final class ScopeCore<ParentState, ParentAction, Child: Reducer> {
  @usableFromInline enum StatePath {
    case field(WritableKeyPath<ParentState, Child.State>)
    case enumCase(CasePath<ParentState, Child.State>)
  }

  @usableFromInline let statePath: StatePath
  /// The field's byte offset once prepared (see `FieldPath`); nil for a case, a computed property, or before.
  @usableFromInline let fieldOffset: Int?
  @usableFromInline let actionPath: CasePath<ParentAction, Child.Action>
  @usableFromInline let child: ChildReducer<Child>
  @usableFromInline let location: SourceLocation

  @inlinable init(
    statePath: StatePath, fieldOffset: Int?, actionPath: CasePath<ParentAction, Child.Action>,
    child: ChildReducer<Child>, location: SourceLocation
  ) {
    self.statePath = statePath
    self.fieldOffset = fieldOffset
    self.actionPath = actionPath
    self.child = child
    self.location = location
  }

  /// A copy with the field's offset found and the child prepared.
  @inlinable func prepared() -> ScopeCore {
    var child = child
    child.prepare()
    var offset: Int?
    if case let .field(keyPath) = statePath {
      offset = MemoryLayout<ParentState>.offset(of: keyPath)
    }
    return ScopeCore(
      statePath: statePath, fieldOffset: offset, actionPath: actionPath, child: child, location: location)
  }

  /// Runs the child if `action` is one of its actions.
  ///
  /// The prepared field path is the hot one; the others (an enum case, a key
  /// path) and wrapping a real effect are out of line, so that this path needs
  /// few registers and no stack frame beyond the call.
  @inlinable @inline(__always)
  func reduce(into state: inout ParentState, action: ParentAction) -> Effect<ParentAction> {
    guard let childAction = actionPath.extract(action) else { return .none }
    guard let fieldOffset else { return reduceWithoutOffset(into: &state, childAction: childAction) }
    let effect = Self.reduce(child, at: fieldOffset, in: &state, action: childAction)
    return effect.isNone ? .none : embed(effect)
  }

  /// Runs the child through the key path or the enum case, and embeds its effect.
  @inlinable @inline(never) func reduceWithoutOffset(
    into state: inout ParentState, childAction: Child.Action
  ) -> Effect<ParentAction> {
    let effect: Effect<Child.Action>
    switch statePath {
    case let .field(keyPath):
      effect = child.reduce(into: &state[keyPath: keyPath], action: childAction)
    case let .enumCase(casePath):
      guard var childState = casePath.extract(state) else {
        reportWrongCase(childAction: childAction)
        return .none
      }
      effect = child.reduce(into: &childState, action: childAction)
      state = casePath.embed(childState)
    }
    return effect.isNone ? .none : embed(effect)
  }

  /// The child's effect, its actions embedded in the parent's.
  @inlinable @inline(never) func embed(_ effect: Effect<Child.Action>) -> Effect<ParentAction> {
    effect.map(actionPath.embed)
  }

  /// Runs `child` on the field at `offset` in the state at `root`.
  /// Reports a child action sent while enum state is another case; out of line, so that the message's
  /// string building does not give every scoped action a large stack frame.
  @usableFromInline func reportWrongCase(childAction: Child.Action) {
    reportIssue(
      """
      A 'Scope' at \(location.fileID):\(location.line) received a child action while the parent's \
      state was another case: \(childAction). Child actions must be sent only while their case is active.
      """,
      at: location)
  }

  @inlinable @inline(__always) static func reduce(
    _ child: ChildReducer<Child>, at offset: Int, in root: UnsafeMutablePointer<ParentState>, action: Child.Action
  ) -> Effect<Child.Action> {
    child.reduce(into: &FieldPath<ParentState, Child.State>.field(at: offset, in: root).pointee, action: action)
  }
}
