import Foundation

extension Store {
  /// Starts keeping a timeline of this root store's actions, states and effects: what a debugger reads.
  ///
  /// Keeps the last `capacity` actions (1,000 by default) with the state after each; with `trace`, also
  /// writes every action, reduce and effect to that file as it happens. Returns nil for a scoped store (the
  /// timeline belongs to the root). Asking again replaces the timeline. With a trace and `sharedFilesIn`, the
  /// trace also shows the changes and saves of the shared values kept in files of that folder.
  @discardableResult
  public func recordTimeline(
    capacity: Int = 1_000, trace: (any TimelineTrace)? = nil, sharedFilesIn folder: URL? = nil
  ) -> StoreTimeline<State, Action>? {
    guard let root = rootStore else { return nil }
    let timeline = StoreTimeline<State, Action>(
      initialState: root.state, capacity: capacity, trace: trace, sharedFilesIn: folder)
    let registry = root.effects
    timeline.cancellationIDs = { id in
      var seen: [String] = []
      for key in registry.keys(of: id) where !(key.id.base.base is NavigationID) {
        let text = "\(key.id.base.base)"
        if !seen.contains(text) { seen.append(text) }
      }
      return seen
    }
    timeline.isCancelled = { registry.isCancelled($0) }
    root.timeline = timeline
    return timeline
  }

  /// The root store's timeline, if `recordTimeline` started one.
  public var timeline: StoreTimeline<State, Action>? { rootStore?.timeline }
}
