extension Reducer {
  /// Runs `destination` on the elements of a navigation stack, before this reducer.
  ///
  /// - `.element(id:action:)` runs that element, then this reducer; for a
  ///   missing id it is a runtime issue (an effect outlived its screen).
  /// - `.push(id:state:)` runs this reducer, then pushes (ids must be new and
  ///   greater than the top's: a runtime issue otherwise).
  /// - `.popFrom(id:)` runs this reducer, then pops that element and all above.
  /// - Every effect of an element that leaves the stack, however it left, is cancelled.
  /// - An element's `await dismiss()` sends `.popFrom(id:)` for itself.
  public func forEach<DestinationState, DestinationAction, Destination: Reducer>(
    _ toStackState: WritableKeyPath<State, StackState<DestinationState>>,
    action toStackAction: CaseKeyPath<Action, StackAction<DestinationState, DestinationAction>>,
    @ReducerBuilder<DestinationState, DestinationAction> destination: () -> Destination,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line
  ) -> StackReducer<Self, Destination>
  where Action: CasePathable, Destination.State == DestinationState, Destination.Action == DestinationAction {
    StackReducer(
      parent: self, destination: ChildReducer(destination()), toStackState: toStackState,
      toStackAction: Action.casePath(toStackAction), kind: KeyPathKind(toStackState),
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line))
  }
}

/// The reducer `forEach` over a `StackState` builds.
public struct StackReducer<Parent: Reducer, Destination: Reducer>: Reducer {
  var parent: Parent
  var destination: ChildReducer<Destination>
  let toStackState: WritableKeyPath<Parent.State, StackState<Destination.State>>
  let toStackAction: CasePath<Parent.Action, StackAction<Destination.State, Destination.Action>>
  let kind: KeyPathKind
  let location: SourceLocation

  /// Runs the element, then the parent; applies a push or pop; cancels the effects of elements that left.
  public func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
    let stackAction = toStackAction.extract(action)
    let idsBefore = state[keyPath: toStackState].ids
    var elementEffect = Effect<Parent.Action>.none
    if case let .element(id, elementAction)? = stackAction {
      elementEffect = reduceElement(id: id, action: elementAction, into: &state)
    }
    let parentEffect = parent.reduce(into: &state, action: action)
    switch stackAction {
    case let .popFrom(id)?:
      if state[keyPath: toStackState].contains(id: id) {
        state[keyPath: toStackState].pop(from: id)
      } else if idsBefore.contains(id) == false {
        reportIssue(
          """
          A 'forEach' at \(location.fileID):\(location.line) received a pop for an element that is not on the \
          stack (id \(id)). It may have been popped already.
          """,
          at: location)
      }
    case let .push(id, element)?:
      if !state[keyPath: toStackState].push(element, id: id) {
        reportIssue(
          """
          A 'forEach' at \(location.fileID):\(location.line) received a push with id \(id), which is already \
          used or not above the top of the stack (ids: \(state[keyPath: toStackState].ids)). Push new ids, \
          or append to the stack in the reducer.
          """,
          at: location)
      }
    case .element?, nil:
      break
    }
    let idsAfter = state[keyPath: toStackState].ids
    guard idsAfter != idsBefore else { return .merge(elementEffect, parentEffect) }
    let remaining = Set(idsAfter)
    let cancellations = idsBefore.filter { !remaining.contains($0) }.map {
      Effect<Parent.Action>.cancel(id: NavigationID(kind: kind, id: $0))
    }
    return .merge([elementEffect, parentEffect] + cancellations)
  }

  private func reduceElement(
    id: StackElementID, action: Destination.Action, into state: inout Parent.State
  ) -> Effect<Parent.Action> {
    guard let index = state[keyPath: toStackState].index(of: id) else {
      reportIssue(
        """
        A 'forEach' at \(location.fileID):\(location.line) received an action for an element that is not on \
        the stack (id \(id)): \(action). An effect of a popped screen may still be sending.
        """,
        at: location)
      return .none
    }
    let navigationID = NavigationID(kind: kind, id: id)
    let effect = ReducingContext.withNavigationID(navigationID) {
      destination.reduce(into: &state[keyPath: toStackState][index], action: action)
    }
    if effect.isNone { return .none }
    let embed = toStackAction.embed
    return
      effect
      .map { embed(.element(id: id, action: $0)) }
      .sendingOnDismiss(embed(.popFrom(id: id)))
      .cancellable(id: navigationID)
  }

  /// Prepares the parent and the destination.
  public mutating func prepareForStore() {
    parent.prepareForStore()
    destination.prepare()
  }
}
