import Composable

extension Reducer {
  /// This reducer, also sending `events(state, action)` to the `AnalyticsClient` after each action.
  ///
  /// Applied at the composition root, so no feature knows analytics exist:
  /// `AppFeature().analytics { state, action in … }`. `state` is the state after
  /// the action. An action that maps to no event costs one call of `events`.
  public func analytics(
    _ events: @escaping @Sendable (State, Action) -> [AnalyticsEvent]
  ) -> ModifiedReducer<Self, Analytics<State, Action>> {
    modified(by: Analytics(events: events))
  }
}

/// Reports chosen actions as analytics events, after the reducer it modifies ran (see `Reducer.analytics`).
public struct Analytics<State, Action>: ReducerModifier {
  let events: @Sendable (State, Action) -> [AnalyticsEvent]

  @Dependency(AnalyticsClient.self) var client

  /// Runs the reducer, then tracks the action's events in an effect.
  public func reduce(
    into state: inout State, action: Action, next: (inout State, Action) -> Effect<Action>
  ) -> Effect<Action> {
    let effect = next(&state, action)
    let tracked = events(state, action)
    guard !tracked.isEmpty else { return effect }
    return .merge(effect, .run { [client] _ in for event in tracked { await client.track(event) } })
  }
}
