extension Reducer {
  /// Runs `element` on the element an `IdentifiedAction` names, before this reducer.
  ///
  /// Lookup by id is O(1) and the element is mutated in place, so the cost per
  /// action does not grow with the collection. Each element runs at its own
  /// navigation path, so rows using the same cancellation id never collide; when
  /// this reducer removes an element, the element's effects are cancelled.
  @inlinable public func forEach<ElementState, ElementAction, ID: Hashable & Sendable, Element: Reducer>(
    _ toElements: WritableKeyPath<State, IdentifiedArray<ID, ElementState>>,
    action toElementAction: CaseKeyPath<Action, IdentifiedAction<ID, ElementAction>>,
    @ReducerBuilder<ElementState, ElementAction> element: () -> Element,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line
  ) -> ForEachReducer<Self, ID, Element>
  where
    Action: CasePathable,
    Element.State == ElementState, Element.Action == ElementAction
  {
    ForEachReducer(
      parent: self, element: element(), toElements: toElements,
      toElementAction: Action.casePath(toElementAction), kind: KeyPathKind(toElements),
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line))
  }
}

/// The reducer `forEach` builds.
///
/// One reference to an immutable core, for the reason `Scope` gives: a large
/// reducer value is copied to the stack at each call, a reference is not.
public struct ForEachReducer<Parent: Reducer, ID: Hashable & Sendable, Element: Reducer>: Reducer {
  @usableFromInline var core: ForEachCore<Parent, ID, Element>

  @inlinable init(
    parent: Parent, element: Element,
    toElements: WritableKeyPath<Parent.State, IdentifiedArray<ID, Element.State>>,
    toElementAction: CasePath<Parent.Action, IdentifiedAction<ID, Element.Action>>,
    kind: KeyPathKind, location: SourceLocation
  ) {
    core = ForEachCore(
      parent: parent, element: ChildReducer(element), toElements: FieldPath(toElements),
      toElementAction: toElementAction, kind: kind, location: location)
  }

  /// Runs the named element, then the parent, then cancels the effects of elements the parent removed.
  @inlinable public func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
    core.reduce(into: &state, action: action)
  }

  /// Finds the collection's offset and prepares the parent and the element reducer.
  @inlinable mutating func prepareForStore() {
    core = core.prepared()
  }
}

/// A `forEach`'s parent, element reducer and paths; immutable, so that it is read in place.
@usableFromInline final class ForEachCore<Parent: Reducer, ID: Hashable & Sendable, Element: Reducer> {
  @usableFromInline let parent: Parent
  @usableFromInline let element: ChildReducer<Element>
  @usableFromInline let toElements: FieldPath<Parent.State, IdentifiedArray<ID, Element.State>>
  @usableFromInline let toElementAction: CasePath<Parent.Action, IdentifiedAction<ID, Element.Action>>
  @usableFromInline let kind: KeyPathKind
  @usableFromInline let location: SourceLocation

  @inlinable init(
    parent: Parent, element: ChildReducer<Element>,
    toElements: FieldPath<Parent.State, IdentifiedArray<ID, Element.State>>,
    toElementAction: CasePath<Parent.Action, IdentifiedAction<ID, Element.Action>>,
    kind: KeyPathKind, location: SourceLocation
  ) {
    self.parent = parent
    self.element = element
    self.toElements = toElements
    self.toElementAction = toElementAction
    self.kind = kind
    self.location = location
  }

  /// A copy with the collection's offset found and the parent and element prepared.
  @inlinable func prepared() -> ForEachCore {
    var parent = parent
    prepareReducer(&parent)
    var element = element
    element.prepare()
    var toElements = toElements
    toElements.prepare()
    return ForEachCore(
      parent: parent, element: element, toElements: toElements, toElementAction: toElementAction,
      kind: kind, location: location)
  }

  /// Runs the named element, then the parent, then cancels the effects of elements the parent removed.
  @inlinable func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
    let elementEffect = reduceElement(into: &state, action: action)
    let versionBefore = membershipVersion(of: &state)
    let parentEffect = parent.reduce(into: &state, action: action)
    if versionBefore == membershipVersion(of: &state) {
      return elementEffect.isNone ? parentEffect : .merge(elementEffect, parentEffect)
    }
    let membershipAfter = state[keyPath: toElements.keyPath].membership
    return .merge(elementEffect, parentEffect, cancelEffects(removedFrom: membershipAfter))
  }

  /// Which ids the collection holds, as a version number: reading it copies nothing.
  @inlinable func membershipVersion(of state: inout Parent.State) -> MembershipVersion {
    guard let offset = toElements.offset else { return membershipVersionThroughKeyPath(of: state) }
    return Self.membershipVersion(at: offset, in: &state)
  }

  /// The version read through the key path (a computed property, or before preparation); out of
  /// line, so that the key-path call does not give the prepared path a stack frame of its own.
  @inlinable @inline(never) func membershipVersionThroughKeyPath(of state: Parent.State) -> MembershipVersion {
    state[keyPath: toElements.keyPath].membershipVersion
  }

  @inlinable static func membershipVersion(
    at offset: Int, in root: UnsafeMutablePointer<Parent.State>
  ) -> MembershipVersion {
    FieldPath<Parent.State, IdentifiedArray<ID, Element.State>>.field(at: offset, in: root).pointee.membershipVersion
  }

  /// Asks the store to cancel the effects of elements that are no longer present.
  @usableFromInline func cancelEffects(
    removedFrom membershipAfter: IdentifiedArray<ID, Element.State>.Membership
  ) -> Effect<Parent.Action> {
    Effect<Parent.Action>(
      .cancelRemovedChildren(
        kind: AnyHashableSendable(kind),
        path: ReducingContext.current?.navigationPath ?? NavigationIDPath(),
        present: MembershipPresence(membership: membershipAfter)))
  }

  @inlinable func reduceElement(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
    guard case let .element(id, elementAction)? = toElementAction.extract(action) else { return .none }
    // The element's navigation id is built only if something reads the path.
    var source = ElementNavigation(kind: kind, id: id)
    let effect = withUnsafePointer(to: &source) { source in
      let context = ReducingContext.enterDeferredNavigationID(source)
      defer { ReducingContext.leaveDeferredNavigationID(context) }
      if let offset = toElements.offset {
        return Self.reduce(element, id: id, action: elementAction, at: offset, in: &state)
      }
      return Self.reduce(element, id: id, action: elementAction, in: &state[keyPath: toElements.keyPath])
    }
    guard let effect else {
      reportMissingElement(id: id, action: elementAction)
      return .none
    }
    if effect.isNone { return .none }
    let embed = toElementAction.embed
    return effect.map { embed(.element(id: id, action: $0)) }.cancellable(id: NavigationID(kind: kind, id: id))
  }

  /// Runs `element` on the element `id` of the collection at `offset` in the state at `root`; nil if it is missing.
  @inlinable static func reduce(
    _ element: ChildReducer<Element>, id: ID, action: Element.Action,
    at offset: Int, in root: UnsafeMutablePointer<Parent.State>
  ) -> Effect<Element.Action>? {
    reduce(
      element, id: id, action: action,
      in: &FieldPath<Parent.State, IdentifiedArray<ID, Element.State>>.field(at: offset, in: root).pointee)
  }

  /// Runs `element` on the element `id` of `elements`, in place; nil if it is missing.
  @inlinable static func reduce(
    _ element: ChildReducer<Element>, id: ID, action: Element.Action,
    in elements: inout IdentifiedArray<ID, Element.State>
  ) -> Effect<Element.Action>? {
    guard let index = elements.index(id: id) else { return nil }
    return elements.modifyElement(at: index) { element.reduce(into: &$0, action: action) }
  }

  @usableFromInline func reportMissingElement(id: ID, action: Element.Action) {
    reportIssue(
      """
      A 'forEach' at \(location.fileID):\(location.line) received an action for a missing element \
      (id \(id)): \(action). An effect of a removed element may still be sending.
      """,
      at: location)
  }
}

/// An element's navigation id, unbuilt: the collection and the element's id.
@usableFromInline struct ElementNavigation<ID: Hashable & Sendable>: NavigationIDSource {
  /// The collection's key path, not retained: a source lives only during one element's reduce,
  /// while the `forEach` that made it holds the key path, and a retain and release per
  /// element action would cost more than the rest of making the source.
  @usableFromInline unowned(unsafe) let keyPath: AnyKeyPath
  @usableFromInline let id: ID

  @inlinable init(kind: KeyPathKind, id: ID) {
    keyPath = kind.keyPath
    self.id = id
  }

  @usableFromInline static func navigationID(at source: UnsafeRawPointer) -> NavigationID {
    let element = source.assumingMemoryBound(to: Self.self).pointee
    return NavigationID(kind: KeyPathKind(element.keyPath), id: element.id)
  }
}

/// The ids left in a `forEach` collection, for cancelling removed elements' effects.
@usableFromInline struct MembershipPresence<ID: Hashable & Sendable, Element>: ChildPresence {
  let membership: IdentifiedArray<ID, Element>.Membership

  @usableFromInline init(membership: IdentifiedArray<ID, Element>.Membership) {
    self.membership = membership
  }

  @usableFromInline func contains(_ id: any Hashable & Sendable) -> Bool {
    guard let id = id as? ID else { return true }
    return membership.contains(id)
  }
}
