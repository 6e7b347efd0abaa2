extension Reducer {
  /// Runs `element` on the element an `IdentifiedAction` names, before this reducer.
  ///
  /// Lookup by id is O(1) and the element is mutated in place, so the cost per
  /// action does not grow with the collection. Each element runs at its own
  /// navigation path, so rows using the same cancellation id never collide; when
  /// this reducer removes an element, the element's effects are cancelled.
  public func forEach<ElementState: Identifiable, ElementAction, Element: Reducer>(
    _ toElements: WritableKeyPath<State, IdentifiedArray<ElementState>>,
    action toElementAction: CaseKeyPath<Action, IdentifiedAction<ElementState.ID, ElementAction>>,
    @ReducerBuilder<ElementState, ElementAction> element: () -> Element,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line
  ) -> ForEachReducer<Self, Element>
  where
    Action: CasePathable, ElementState.ID: Sendable,
    Element.State == ElementState, Element.Action == ElementAction
  {
    ForEachReducer(
      parent: self, element: element(), toElements: toElements,
      toElementAction: Action.casePath(toElementAction), kind: KeyPathKind(toElements),
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line))
  }
}

/// The reducer `forEach` builds.
public struct ForEachReducer<Parent: Reducer, Element: Reducer>: Reducer
where Element.State: Identifiable, Element.State.ID: Sendable {
  let parent: Parent
  let element: Element
  let toElements: WritableKeyPath<Parent.State, IdentifiedArray<Element.State>>
  let toElementAction: CasePath<Parent.Action, IdentifiedAction<Element.State.ID, Element.Action>>
  let kind: KeyPathKind
  let location: SourceLocation

  /// Runs the named element, then the parent, then cancels the effects of elements the parent removed.
  public func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
    let elementEffect = reduceElement(into: &state, action: action)
    let membershipBefore = state[keyPath: toElements].membership
    let parentEffect = parent.reduce(into: &state, action: action)
    let membershipAfter = state[keyPath: toElements].membership
    if membershipBefore.isSameVersion(as: membershipAfter) {
      return elementEffect.isNone ? parentEffect : .merge(elementEffect, parentEffect)
    }
    // Membership changed: let the store cancel effects of ids that are gone.
    let cancelRemoved = Effect<Parent.Action>(
      .cancelRemovedChildren(
        kind: AnyHashableSendable(kind),
        path: ReducingContext.current?.navigationPath ?? NavigationIDPath(),
        present: MembershipPresence(membership: membershipAfter)))
    return .merge(elementEffect, parentEffect, cancelRemoved)
  }

  private func reduceElement(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
    guard let (id, elementAction) = toElementAction.extract(action).map({ ($0.id, $0.action) }) else {
      return .none
    }
    guard let index = state[keyPath: toElements].index(id: id) else {
      reportIssue(
        """
        A 'forEach' at \(location.fileID):\(location.line) received an action for a missing element \
        (id \(id)): \(elementAction). An effect of a removed element may still be sending.
        """,
        at: location)
      return .none
    }
    let navigationID = NavigationID(kind: kind, id: UncheckedID(id))
    let effect = ReducingContext.withNavigationID(navigationID) {
      element.reduce(into: &state[keyPath: toElements][index], action: elementAction)
    }
    if effect.isNone { return .none }
    let embed = toElementAction.embed
    return effect.map { embed(.element(id: id, action: $0)) }.cancellable(id: navigationID)
  }
}

/// An element id inside a navigation id.
struct UncheckedID<Base: Hashable & Sendable>: Hashable, Sendable {
  let base: Base
  init(_ base: Base) { self.base = base }
}

/// The ids left in a `forEach` collection, for cancelling removed elements' effects.
struct MembershipPresence<Element: Identifiable>: ChildPresence where Element.ID: Sendable {
  let membership: IdentifiedArray<Element>.Membership

  func contains(_ id: AnyHashableSendable) -> Bool {
    guard let id = id.base as? UncheckedID<Element.ID> else { return true }
    return membership.contains(id.base)
  }
}
