/// What the package's tools (the test store, the explorer, the debugger) may do to a root store besides watching it
/// through a `StoreHook`: read and replace its state, run its reducer again, ask about an effect, end with it.
/// None of it names a tool.
extension Store {
  /// Has this root store tell `hook` about every action and effect from now on, replacing a hook of the same kind
  /// attached before. Returns false for a scoped store (the send loop belongs to the root).
  @usableFromInline @discardableResult package func attach(_ hook: StoreHook<State, Action>) -> Bool {
    guard let root = rootStore else { return false }
    root.attachedHooks.removeAll { $0.kind == hook.kind }
    root.attachedHooks.append(hook)
    return true
  }

  /// The hook of `kind` attached to the root store, if any.
  package func attachedHook(of kind: String) -> StoreHook<State, Action>? {
    rootStore?.attachedHooks.first { $0.kind == kind }
  }

  /// The root store's state now, before its next action; nil for a scoped store.
  package var rootState: State? { rootStore?.state }

  /// The root's reduce function: what a debugger runs again over kept actions to show the states that would have
  /// followed without one of them. Nil for a scoped store.
  package var rootReducer: ((inout State, Action) -> Effect<Action>)? { rootStore?.reducer }

  /// Replaces the root's state, telling its observers as after an action: a debugger applying a state it
  /// recomputed. No action is reduced, so no hook is told. Does nothing to a scoped store.
  package func replaceRootState(_ state: State) {
    guard let root = rootStore else { return }
    root.state = state
    if root.needsNotification { root.notifyObservers() }
  }

  /// The root's answers about a running effect: its cancellation ids as the feature declared them (navigation ids
  /// left out), and whether it was cancelled. Nil for a scoped store.
  package var effectCancellation: (ids: @Sendable (UInt64) -> [String], isCancelled: @Sendable (UInt64) -> Bool)? {
    guard let registry = rootStore?.effects else { return nil }
    return (
      ids: { id in
        var seen: [String] = []
        for key in registry.keys(of: id) where !(key.id.base.base is NavigationID) {
          let text = "\(key.id.base.base)"
          if !seen.contains(text) { seen.append(text) }
        }
        return seen
      },
      isCancelled: { registry.isCancelled($0) }
    )
  }
}
