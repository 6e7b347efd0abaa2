/// What a SwiftUI presentation binds to (`.sheet(item:)`, `.popover(item:)`, `.navigationDestination(item:)`):
/// the presented child's store, and the nil SwiftUI writes when the user dismisses it.
///
///     let editor = store.presentation(state: \.editor, action: \.editor)
///     .sheet(item: Binding(get: { editor.wrappedValue }, set: { editor.wrappedValue = $0 })) { store in
///       EditorView(store: store)
///     }
///
/// SwiftUI also writes nil as a sheet the feature dismissed itself goes away: that write finds nothing presented
/// and is dropped without a `.dismiss` (TCA's rule), so the feature is not told twice.
@MainActor public struct PresentationBinding<State, Action: CasePathable, ChildState, ChildAction> {
  let store: Store<State, Action>
  let toChildState: KeyPath<State, ChildState?>
  let toPresentationAction: CaseKeyPath<Action, PresentationAction<ChildAction>>

  /// The child's store while it is presented (the same one at every read), nil otherwise; setting nil dismisses
  /// it if it is still presented.
  public var wrappedValue: Store<ChildState, ChildAction>? {
    get {
      store.scope(state: toChildState, action: toPresentationAction.appending(path: \.presented))
    }
    nonmutating set {
      guard newValue == nil, store.currentState[keyPath: toChildState] != nil else { return }
      store.send(Action.casePath(toPresentationAction).embed(.dismiss))
    }
  }
}

extension Store where Action: CasePathable {
  /// The binding a SwiftUI presentation of the child at `toChildState` uses; its dismissal sends `.dismiss`
  /// through `toPresentationAction`.
  public func presentation<ChildState, ChildAction>(
    state toChildState: KeyPath<State, ChildState?>,
    action toPresentationAction: CaseKeyPath<Action, PresentationAction<ChildAction>>
  ) -> PresentationBinding<State, Action, ChildState, ChildAction> {
    PresentationBinding(store: self, toChildState: toChildState, toPresentationAction: toPresentationAction)
  }
}
