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

/// The reducer `ifLet` over `@Presents` state builds.
public struct PresentationReducer<Parent: Reducer, Destination: Reducer>: Reducer {
  var parent: Parent
  var destination: ChildReducer<Destination>
  let toPresentationState: WritableKeyPath<Parent.State, Presents<Destination.State>>
  let toPresentationAction: CasePath<Parent.Action, PresentationAction<Destination.Action>>
  let location: SourceLocation
  let kind: KeyPathKind
  let isEphemeral: Bool

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
  }

  /// Runs the child, then the parent; applies a dismissal; cancels the effects of a child that went away.
  public func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
    let presentationAction = toPresentationAction.extract(action)
    let before = identity(in: state)
    var childEffect = Effect<Parent.Action>.none
    if case let .presented(childAction)? = presentationAction {
      childEffect = reduceChild(into: &state, action: childAction)
    }
    let parentEffect = parent.reduce(into: &state, action: action)
    // `.dismiss` clears the child, and so does any action of an ephemeral one, unless the parent replaced it.
    let dismisses: Bool
    switch presentationAction {
    case .dismiss?: dismisses = true
    case .presented?: dismisses = isEphemeral
    case nil: dismisses = false
    }
    if dismisses, let before, identity(in: state) == before {
      state[keyPath: toPresentationState].wrappedValue = nil
    }
    var cancelEffect = Effect<Parent.Action>.none
    if let before, identity(in: state) != before {
      cancelEffect = .cancel(id: NavigationID(kind: kind, id: before))
    }
    return .merge(childEffect, parentEffect, cancelEffect)
  }

  private func identity(in state: Parent.State) -> AnyHashableSendable? {
    state[keyPath: toPresentationState].wrappedValue.map(childIdentity(of:))
  }

  private func reduceChild(into state: inout Parent.State, action: Destination.Action) -> Effect<Parent.Action> {
    guard let identity = identity(in: state) else {
      reportIssue(
        """
        An 'ifLet' at \(location.fileID):\(location.line) received a presented action while nothing was \
        presented: \(action). An effect of a dismissed feature may still be sending; it should have been \
        cancelled with it, or the action was sent after a dismissal.
        """,
        at: location)
      return .none
    }
    let id = NavigationID(kind: kind, id: identity)
    let effect = ReducingContext.withNavigationID(id) {
      destination.reduce(into: &state[keyPath: toPresentationState].wrappedValue!, action: action)
    }
    if effect.isNone { return .none }
    let embed = toPresentationAction.embed
    return
      effect
      .map { embed(.presented($0)) }
      .sendingOnDismiss(embed(.dismiss))
      .cancellable(id: id)
  }

  /// Prepares the parent and the destination.
  public mutating func prepareForStore() {
    parent.prepareForStore()
    destination.prepare()
  }
}

/// State that is dismissed by any of its own actions: alerts and confirmation dialogs.
public protocol EphemeralState {}
