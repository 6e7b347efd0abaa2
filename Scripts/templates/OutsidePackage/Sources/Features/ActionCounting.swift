import Composable

/// A reducer operator written outside the runtime's package: it counts the actions the reducer it modifies
/// receives, with `ReducerModifier`, so the modified reducer keeps the store's speed path.
public struct ActionCounting<State, Action>: ReducerModifier {
  /// Where the count goes.
  public let counter: ActionCounter

  /// Counts into `counter`.
  public init(into counter: ActionCounter) { self.counter = counter }

  /// Counts the action, then runs the reducer.
  public func reduce(
    into state: inout State, action: Action, next: (inout State, Action) -> Effect<Action>
  ) -> Effect<Action> {
    counter.count += 1
    return next(&state, action)
  }
}

/// How many actions an `ActionCounting` saw (reducers run on the store's actor, one action at a time).
public final class ActionCounter {
  /// The count so far.
  public var count = 0

  /// A counter at 0.
  public init() {}
}

extension Reducer {
  /// This reducer, counting its actions into `counter`.
  public func countingActions(into counter: ActionCounter) -> ModifiedReducer<Self, ActionCounting<State, Action>> {
    modified(by: ActionCounting(into: counter))
  }
}
