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
  @inlinable public func forEach<DestinationState, DestinationAction, Destination: Reducer>(
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

/// The reducer `forEach` over a `StackState` builds: runs each pushed element's actions and cancels the effects of
/// the elements that are popped.
// Inlinable, so that it is specialized for the feature: generic code would copy the stack's ids on every action of
// its parent.
public struct StackReducer<Parent: Reducer, Destination: Reducer>: Reducer {
  @usableFromInline var parent: Parent
  @usableFromInline var destination: ChildReducer<Destination>
  // The stack's key path, and once prepared its field offset (reads through a key path cost hundreds of instructions).
  @usableFromInline var stackPath: FieldPath<Parent.State, StackState<Destination.State>>
  @usableFromInline let toStackAction: CasePath<Parent.Action, StackAction<Destination.State, Destination.Action>>
  @usableFromInline let kind: KeyPathKind
  @usableFromInline let location: SourceLocation

  @inlinable init(
    parent: Parent, destination: ChildReducer<Destination>,
    toStackState: WritableKeyPath<Parent.State, StackState<Destination.State>>,
    toStackAction: CasePath<Parent.Action, StackAction<Destination.State, Destination.Action>>,
    kind: KeyPathKind, location: SourceLocation
  ) {
    self.parent = parent
    self.destination = destination
    stackPath = FieldPath(toStackState)
    self.toStackAction = toStackAction
    self.kind = kind
    self.location = location
  }

  /// Runs the element, then the parent; applies a push or pop; cancels the effects of elements that left.
  @inlinable public func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
    let stackAction = toStackAction.extract(action)
    var elementEffect = Effect<Parent.Action>.none
    var pushesOrPops = true
    if case let .element(id, elementAction)? = stackAction {
      elementEffect = reduceElement(id: id, action: elementAction, into: &state)
      pushesOrPops = false
    } else if stackAction == nil {
      pushesOrPops = false
    }
    // The stack before the parent runs, held by its storage: while this array is
    // held, any write by the parent goes to a new buffer (copy-on-write), so the
    // same buffer afterwards means the stack is unchanged and no id left it.
    let before = entries(in: &state)
    // Elements that code outside this reducer removed since it last ran still have effects to cancel.
    let removedOutside = hasUnsettledRemovals(in: &state)
    let parentEffect = parent.reduce(into: &state, action: action)
    if !pushesOrPops, !removedOutside, Self.isSameBuffer(before, entries(in: &state)) {
      return elementEffect.isNone ? parentEffect : .merge(elementEffect, parentEffect)
    }
    return settle(
      stackAction, idsBefore: before.map(\.id), state: &state, elementEffect: elementEffect,
      parentEffect: parentEffect)
  }

  /// The stack's entries, through the field offset once prepared.
  @inlinable @inline(__always) func entries(in state: inout Parent.State) -> [StackState<Destination.State>.Entry] {
    guard let offset = stackPath.offset else { return state[keyPath: stackPath.keyPath].entries }
    return Self.entries(at: offset, in: &state)
  }

  @inlinable @inline(__always) static func entries(
    at offset: Int, in root: UnsafeMutablePointer<Parent.State>
  ) -> [StackState<Destination.State>.Entry] {
    FieldPath<Parent.State, StackState<Destination.State>>.field(at: offset, in: root).pointee.entries
  }

  /// Whether elements were removed since this reducer last ran, through the field offset once prepared.
  @inlinable @inline(__always) func hasUnsettledRemovals(in state: inout Parent.State) -> Bool {
    guard let offset = stackPath.offset else { return !state[keyPath: stackPath.keyPath].unsettledRemovals.isEmpty }
    return Self.hasUnsettledRemovals(at: offset, in: &state)
  }

  @inlinable @inline(__always) static func hasUnsettledRemovals(
    at offset: Int, in root: UnsafeMutablePointer<Parent.State>
  ) -> Bool {
    FieldPath<Parent.State, StackState<Destination.State>>.field(at: offset, in: root).pointee.unsettledRemovals.isEmpty
      == false
  }

  /// Whether two arrays are the same storage (and so hold the same entries).
  @inlinable static func isSameBuffer(
    _ first: [StackState<Destination.State>.Entry], _ second: [StackState<Destination.State>.Entry]
  ) -> Bool {
    first.withUnsafeBufferPointer { first in
      second.withUnsafeBufferPointer { second in
        first.baseAddress == second.baseAddress && first.count == second.count
      }
    }
  }

  /// Applies a push or pop, and cancels the effects of elements that left; for actions that may have changed the stack.
  @inlinable @inline(never) func settle(
    _ stackAction: StackAction<Destination.State, Destination.Action>?, idsBefore: [StackElementID],
    state: inout Parent.State, elementEffect: Effect<Parent.Action>, parentEffect: Effect<Parent.Action>
  ) -> Effect<Parent.Action> {
    switch stackAction {
    case let .popFrom(id)?:
      if state[keyPath: stackPath.keyPath].contains(id: id) {
        state[keyPath: stackPath.keyPath].pop(from: id)
      } else if idsBefore.contains(id) == false {
        reportIssue(
          """
          A 'forEach' at \(location.fileID):\(location.line) received a pop for an element that is not on the \
          stack (id \(id)). It may have been popped already.
          """,
          at: location)
      }
    case let .push(id, element)?:
      let nextID = state[keyPath: stackPath.keyPath].nextID
      switch state[keyPath: stackPath.keyPath].push(element, id: id) {
      case .pushed:
        break
      case .pushedBeyondNextID:
        // As TCA does: pushed, and reported, since ids a stack hands out are never greater than its next id.
        reportIssue(
          """
          A 'forEach' at \(location.fileID):\(location.line) received a push with id \(id), greater than the \
          stack's next id \(nextID). It was pushed; push the id the stack hands out (or append in the reducer).
          """,
          at: location)
      case .idInUse:
        reportIssue(
          """
          A 'forEach' at \(location.fileID):\(location.line) received a push with id \(id), which is already on \
          the stack (ids: \(state[keyPath: stackPath.keyPath].ids)). Push new ids, or append in the reducer.
          """,
          at: location)
      }
    case .element?, nil:
      break
    }
    // Removals by this run and by code outside it since the last run; the latter are in no `idsBefore`.
    let removed = state[keyPath: stackPath.keyPath].unsettledRemovals
    if !removed.isEmpty { state[keyPath: stackPath.keyPath].unsettledRemovals = [] }
    let idsAfter = state[keyPath: stackPath.keyPath].ids
    guard idsAfter != idsBefore || !removed.isEmpty else { return .merge(elementEffect, parentEffect) }
    let remaining = Set(idsAfter)
    var cancelled = Set<StackElementID>()
    let cancellations = (idsBefore + removed).filter { !remaining.contains($0) && cancelled.insert($0).inserted }.map {
      Effect<Parent.Action>.cancel(id: NavigationID(kind: kind, id: $0))
    }
    return .merge([elementEffect, parentEffect] + cancellations)
  }

  /// Runs the element `id` in place, under its navigation id (built only if something reads the path).
  @inlinable func reduceElement(
    id: StackElementID, action: Destination.Action, into state: inout Parent.State
  ) -> Effect<Parent.Action> {
    guard let offset = stackPath.offset else {
      return reduceElement(id: id, action: action, in: &state[keyPath: stackPath.keyPath])
    }
    return Self.reduceElement(self, id: id, action: action, at: offset, in: &state)
  }

  @inlinable static func reduceElement(
    _ reducer: Self, id: StackElementID, action: Destination.Action,
    at offset: Int, in root: UnsafeMutablePointer<Parent.State>
  ) -> Effect<Parent.Action> {
    reducer.reduceElement(
      id: id, action: action,
      in: &FieldPath<Parent.State, StackState<Destination.State>>.field(at: offset, in: root).pointee)
  }

  @inlinable func reduceElement(
    id: StackElementID, action: Destination.Action, in stack: inout StackState<Destination.State>
  ) -> Effect<Parent.Action> {
    guard let index = stack.index(of: id) else {
      reportMissingElement(id: id, action: action)
      return .none
    }
    var source = ElementNavigation(kind: kind, id: id)
    let effect = withUnsafePointer(to: &source) { source in
      let context = ReducingContext.enterDeferredNavigationID(source)
      defer { ReducingContext.leaveDeferredNavigationID(context) }
      return stack.modifyElement(at: index) { destination.reduce(into: &$0, action: action) }
    }
    return effect.isNone ? .none : embed(effect, id: id)
  }

  /// The element's effect, its actions embedded, answering `dismiss()` with a pop, cancelled with the element.
  @inlinable @inline(never) func embed(
    _ effect: Effect<Destination.Action>, id: StackElementID
  ) -> Effect<Parent.Action> {
    let embed = toStackAction.embed
    return
      effect
      .map { embed(.element(id: id, action: $0)) }
      .sendingOnDismiss(embed(.popFrom(id: id)))
      .cancellable(id: NavigationID(kind: kind, id: id))
  }

  /// Reports an action for an element that is not on the stack.
  @usableFromInline func reportMissingElement(id: StackElementID, action: Destination.Action) {
    reportIssue(
      """
      A 'forEach' at \(location.fileID):\(location.line) received an action for an element that is not on \
      the stack (id \(id)): \(action). An effect of a popped screen may still be sending.
      """,
      at: location)
  }

  /// Prepares the parent and the destination.
  @inlinable mutating func prepareForStore() {
    prepareReducer(&parent)
    destination.prepare()
    stackPath.prepare()
  }
}
