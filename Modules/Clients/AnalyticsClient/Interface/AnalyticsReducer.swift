import Composable

extension Reducer {
  /// This reducer, also sending `events(state, action)` to the `AnalyticsClient` after each action.
  ///
  /// Applied at the composition root, so no feature knows analytics exist:
  /// `AppFeature().analytics { state, action in … }`. `state` is the state after
  /// the action. An action that maps to no event costs one call of `events`.
  public func analytics(
    _ events: @escaping @Sendable (State, Action) -> [AnalyticsEvent]
  ) -> AnalyticsReducer<Self> {
    AnalyticsReducer(base: KeptBodyReducer(self), events: events)
  }
}

/// A reducer that reports chosen actions as analytics events (see `Reducer.analytics`).
public struct AnalyticsReducer<Base: Reducer>: Reducer {
  var base: KeptBodyReducer<Base>
  let events: @Sendable (Base.State, Base.Action) -> [AnalyticsEvent]

  @Dependency(AnalyticsClient.self) var client

  /// Runs the base reducer, then tracks the action's events in an effect.
  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    let effect = base.reduce(into: &state, action: action)
    let tracked = events(state, action)
    guard !tracked.isEmpty else { return effect }
    return .merge(effect, .run { [client] _ in for event in tracked { await client.track(event) } })
  }

  /// Prepares the wrapped reducer.
  public mutating func prepareForStore() {
    base.prepareForStore()
  }
}
