/// What `ComposableDebugger` needs of a store to keep its timeline: the one hook point in the send loop, and the
/// effect registry's answers about an effect.
extension Store {
  /// Has this root store's send loop record into `storage` from now on, with `owner` (the debugger's reader of it)
  /// kept alive beside it; replaces any storage attached before. Does nothing to a scoped store (the timeline
  /// belongs to the root).
  package func attachTimeline(_ storage: TimelineStorage<State, Action>, owner: AnyObject) {
    guard let root = rootStore else { return }
    root.timelineOwner = owner
    root.timeline = storage
  }

  /// The root store's state now, before its next action; nil for a scoped store.
  package var rootState: State? { rootStore?.state }

  /// The root's reduce function: what a debugger runs again over kept actions to show the states that would have
  /// followed without one of them. Nil for a scoped store.
  package var rootReducer: ((inout State, Action) -> Effect<Action>)? { rootStore?.reducer }

  /// Replaces the root's state, telling its observers as after an action: a debugger applying a state it
  /// recomputed. No action is reduced, so nothing is recorded. Does nothing to a scoped store.
  package func replaceRootState(_ state: State) {
    guard let root = rootStore else { return }
    root.state = state
    if root.needsNotification { root.notifyObservers() }
  }

  /// The reader attached with `attachTimeline(_:owner:)` to the root store, if any.
  package var timelineOwner: AnyObject? { rootStore?.timelineOwner }

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
