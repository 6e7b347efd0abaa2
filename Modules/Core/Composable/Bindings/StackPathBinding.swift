/// What a SwiftUI `NavigationStack(path:)` binds to: the ids of the screens on the stack, and the shorter path
/// SwiftUI writes when the user goes back (a back button, a swipe, a long press on it to go back several screens).
///
///     let path = store.path(state: \.path, action: \.path)
///     NavigationStack(path: Binding(get: { path.wrappedValue }, set: { path.wrappedValue = $0 })) { … }
///
/// A write pops from the first screen of the stack the written path no longer holds (`.popFrom(id:)`, TCA's
/// rule). SwiftUI also writes the path after the feature popped screens itself, and a write can arrive after
/// another one it does not know of: a write that holds every screen still on the stack pops nothing and is
/// dropped without an action. Pushes come from the feature's state or `.push(id:state:)`, not from a write.
@MainActor public struct StackPathBinding<State, Action: CasePathable, ElementState, ElementAction> {
  let store: Store<State, Action>
  let toStack: KeyPath<State, StackState<ElementState>>
  let toStackAction: CaseKeyPath<Action, StackAction<ElementState, ElementAction>>

  /// The ids of the screens on the stack, bottom first; setting a shorter path pops the screens it left out.
  public var wrappedValue: [StackElementID] {
    // Read as the stack's views read it, so a body that reads the path renders again when a screen comes or goes.
    get { store.scope(state: toStack, action: toStackAction).map(\.id) }
    nonmutating set {
      let written = Set(newValue)
      guard let first = store.currentState[keyPath: toStack].ids.first(where: { !written.contains($0) }) else {
        return
      }
      store.send(Action.casePath(toStackAction).embed(.popFrom(id: first)))
    }
  }
}

extension Store where Action: CasePathable {
  /// The binding a `NavigationStack` of the stack at `toStack` uses; going back sends `.popFrom(id:)` through
  /// `toStackAction`.
  public func path<ElementState, ElementAction>(
    state toStack: KeyPath<State, StackState<ElementState>>,
    action toStackAction: CaseKeyPath<Action, StackAction<ElementState, ElementAction>>
  ) -> StackPathBinding<State, Action, ElementState, ElementAction> {
    StackPathBinding(store: self, toStack: toStack, toStackAction: toStackAction)
  }
}
