extension Reducer {
  /// Runs `destination` on `@Presents` child state while it is presented, before this reducer.
  ///
  /// - `.presented(action)` runs the child, then this reducer. Arriving while
  ///   nothing is presented, it is a runtime issue (an effect outlived its screen).
  /// - `.dismiss` runs this reducer, then sets the state to nil, unless this
  ///   reducer already replaced the child.
  /// - When the child goes away or is replaced (by a dismissal or by this
  ///   reducer), every effect it started is cancelled.
  /// - The child's `await dismiss()` sends `.dismiss` through this reducer.
  /// - Ephemeral children (alerts, dialogs) are dismissed by any of their actions.
  public func ifLet<ChildState, ChildAction, Destination: Reducer>(
    _ toPresentationState: WritableKeyPath<State, Presents<ChildState>>,
    action toPresentationAction: CaseKeyPath<Action, PresentationAction<ChildAction>>,
    @ReducerBuilder<ChildState, ChildAction> destination: () -> Destination,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line
  ) -> PresentationReducer<Self, Destination>
  where Action: CasePathable, Destination.State == ChildState, Destination.Action == ChildAction {
    PresentationReducer(
      parent: self, destination: destination(), toPresentationState: toPresentationState,
      toPresentationAction: Action.casePath(toPresentationAction),
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line))
  }

  /// Presents state that has no logic of its own (an alert or a dialog): dismissal, cancellation, ephemerality.
  public func ifLet<ChildState, ChildAction>(
    _ toPresentationState: WritableKeyPath<State, Presents<ChildState>>,
    action toPresentationAction: CaseKeyPath<Action, PresentationAction<ChildAction>>,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line
  ) -> PresentationReducer<Self, EmptyReducer<ChildState, ChildAction>> where Action: CasePathable {
    ifLet(
      toPresentationState, action: toPresentationAction, destination: { EmptyReducer() },
      fileID: fileID, filePath: filePath, line: line)
  }
}

/// The reducer `ifLet` over `@Presents` state builds: runs what is presented, dismisses it on `.dismiss` or when
/// it calls `dismiss()`, and cancels its effects when it goes away.
// Inlinable, so that it is specialized for the feature: generic, it paid metadata lookups and dynamic casts worth
// about 20,000 instructions on every action of a parent with something presented.
public struct PresentationReducer<Parent: Reducer, Destination: Reducer>: Reducer {
  @usableFromInline var parent: Parent
  @usableFromInline var destination: ChildReducer<Destination>
  @usableFromInline let toPresentationState: WritableKeyPath<Parent.State, Presents<Destination.State>>
  @usableFromInline let toPresentationAction: CasePath<Parent.Action, PresentationAction<Destination.Action>>
  @usableFromInline let location: SourceLocation
  @usableFromInline let kind: KeyPathKind
  @usableFromInline let isEphemeral: Bool
  @usableFromInline let identifier: ChildIdentifier<Destination.State>

  init(
    parent: Parent, destination: Destination,
    toPresentationState: WritableKeyPath<Parent.State, Presents<Destination.State>>,
    toPresentationAction: CasePath<Parent.Action, PresentationAction<Destination.Action>>,
    location: SourceLocation
  ) {
    self.parent = parent
    self.destination = ChildReducer(destination)
    self.toPresentationState = toPresentationState
    self.toPresentationAction = toPresentationAction
    self.location = location
    kind = KeyPathKind(toPresentationState)
    isEphemeral = Destination.State.self is any EphemeralState.Type
    identifier = ChildIdentifier()
  }

  /// Runs the child, then the parent; applies a dismissal; cancels the effects of a child that went away.
  @inlinable public func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
    let presentationAction = toPresentationAction.extract(action)
    var childEffect = Effect<Parent.Action>.none
    // The presentation before the parent runs, held by its storage: `Presents` is
    // copy-on-write, so while this reference is held, any write by the parent goes
    // to new storage. The same storage afterwards means the parent wrote nothing,
    // and nothing needs identifying (the common case: an action unrelated to the child).
    let before: Presents<Destination.State>.Box?
    // What code outside this reducer dismissed or replaced since it last ran (usually nothing).
    let replaced: Presents<Destination.State>.Box?
    if case let .presented(childAction)? = presentationAction {
      // One access through the key path (a computed property, `$destination`, so
      // each access runs the key-path machinery) runs the child and takes the snapshot.
      (childEffect, before, replaced) = reducePresented(
        in: &state[keyPath: toPresentationState], action: childAction)
    } else {
      let presents = state[keyPath: toPresentationState]
      (before, replaced) = (presents.box, presents.replaced)
      if case .dismiss? = presentationAction, before?.value == nil { reportNothingToDismiss() }
    }
    let parentEffect = parent.reduce(into: &state, action: action)
    let dismisses: Bool
    switch presentationAction {
    case .dismiss?: dismisses = true
    // An alert or dialog held by an enum destination's case is dismissed by its own actions too.
    // Only an enum can hold one: the check copies the child out of its box, so skip it for other children.
    case let .presented(childAction)?:
      // An alert held by an enum destination's case is dismissed by its own actions, not by an action for
      // another case (which the case's `Scope` reports): that would close a screen the user never answered.
      dismisses =
        isEphemeral
        || (identifier.cases != nil && (before?.value).map(identifier.holdsEphemeralCase) == true
          && before?.value.map { isForCurrentCase(childAction, presented: $0) } == true)
    case nil: dismisses = false
    }
    if !dismisses, replaced == nil, before === state[keyPath: toPresentationState].box {
      return childEffect.isNone ? parentEffect : .merge(childEffect, parentEffect)
    }
    let cancelEffect = settle(&state, before: before?.value, replaced: replaced?.value, dismisses: dismisses)
    return .merge(childEffect, parentEffect, cancelEffect)
  }

  /// Applies a dismissal (unless the parent already replaced the child) and cancels the effects of a child
  /// that went away, here or (`replaced`) by code outside this reducer since it last ran; only for actions
  /// that wrote the presentation or dismiss, or after such an outside write.
  @inlinable @inline(never) func settle(
    _ state: inout Parent.State, before: Destination.State?, replaced: Destination.State?, dismisses: Bool
  ) -> Effect<Parent.Action> {
    let beforeIdentity = before.map(identifier.identify)
    var cancellations: [Effect<Parent.Action>] = []
    if let replacedIdentity = replaced.map(identifier.identify), replacedIdentity != beforeIdentity {
      cancellations.append(.cancel(id: NavigationID(kind: kind, id: replacedIdentity)))
    }
    if dismisses, let beforeIdentity, identity(in: state) == beforeIdentity {
      state[keyPath: toPresentationState].wrappedValue = nil
    }
    if let beforeIdentity, identity(in: state) != beforeIdentity {
      cancellations.append(.cancel(id: NavigationID(kind: kind, id: beforeIdentity)))
    }
    // What this run saw is settled; only later writes from outside are kept for the next run.
    state[keyPath: toPresentationState].settleReplacement()
    return .merge(cancellations)
  }

  @inlinable func identity(in state: Parent.State) -> AnyHashableSendable? {
    state[keyPath: toPresentationState].wrappedValue.map(identifier.identify)
  }

  /// Runs the presented child under its navigation id, and returns its effect, the
  /// presentation's storage afterwards and what outside code replaced. A child that changes its own identity (a new id)
  /// has the old identity's effects cancelled, as if the parent had replaced it.
  @inlinable func reducePresented(
    in presents: inout Presents<Destination.State>, action: Destination.Action
  ) -> (Effect<Parent.Action>, Presents<Destination.State>.Box?, Presents<Destination.State>.Box?) {
    guard presents.box?.value != nil else {
      reportNothingPresented(action: action)
      return (.none, presents.box, presents.replaced)
    }
    let effect = presents.modifyPresented { child in
      identifier.run(
        &child, kind: kind, { destination.reduce(into: &$0, action: action) }, embed: { embed($0, id: $1) })
    }
    return (effect, presents.box, presents.replaced)
  }

  /// Whether `action` is for the case `presented` is (an enum destination's State and Action share case names).
  @usableFromInline func isForCurrentCase(_ action: Destination.Action, presented: Destination.State) -> Bool {
    topCaseName(action) == topCaseName(presented)
  }

  /// Reports a dismissal that arrived while nothing was presented.
  @usableFromInline func reportNothingToDismiss() {
    reportIssue(
      """
      An 'ifLet' at \(location.fileID):\(location.line) received a dismiss action while nothing was presented. \
      It may have been sent twice, or after the parent already cleared the state.
      """,
      at: location)
  }

  /// Reports a presented action that arrived while nothing was presented.
  @usableFromInline func reportNothingPresented(action: Destination.Action) {
    reportIssue(
      """
      An 'ifLet' at \(location.fileID):\(location.line) received a presented action while nothing was \
      presented: \(action). An effect of a dismissed feature may still be sending; it should have been \
      cancelled with it, or the action was sent after a dismissal.
      """,
      at: location)
  }

  /// The child's effect, its actions embedded, answering `dismiss()`, cancelled with the child.
  @inlinable @inline(never) func embed(
    _ effect: Effect<Destination.Action>, id: NavigationID
  ) -> Effect<Parent.Action> {
    let embed = toPresentationAction.embed
    return
      effect
      .map { embed(.presented($0)) }
      .sendingOnDismiss(embed(.dismiss))
      .cancellable(id: id)
  }

  /// Prepares the parent and the destination.
  @inlinable mutating func prepareForStore() {
    prepareReducer(&parent)
    destination.prepare()
  }
}

/// State that is dismissed by any of its own actions: alerts and confirmation dialogs.
public protocol EphemeralState {}

/// The name of the case `value` is, for an enum: its payload's label, or the case itself when it has none.
@usableFromInline func topCaseName(_ value: Any) -> String {
  Mirror(reflecting: value).children.first?.label ?? String(describing: value)
}
