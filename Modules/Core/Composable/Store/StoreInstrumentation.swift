import Foundation

/// Hooks a test store uses to watch a root store: every reduce, every effect start and end (see `TestStore`); the
/// package's, not API.
@usableFromInline package struct StoreInstrumentation<State, Action>: Sendable {
  /// Called after each action is reduced, with the state it left and the effect it returned.
  @usableFromInline var didReduce: @MainActor @Sendable (Action, State, Effect<Action>) -> Void
  /// Called as an effect starts, with an id that the other hooks repeat.
  var effectStarted: @MainActor @Sendable (UInt64) -> Void
  /// Called once the effect's task exists (after `effectFinished` if it ended synchronously).
  var effectAttached: @MainActor @Sendable (UInt64, Task<Void, Never>) -> Void
  /// Called when an effect's task has returned.
  var effectFinished: @MainActor @Sendable (UInt64) -> Void

  /// Hooks from four closures.
  @usableFromInline package init(
    didReduce: @escaping @MainActor @Sendable (Action, State, Effect<Action>) -> Void,
    effectStarted: @escaping @MainActor @Sendable (UInt64) -> Void,
    effectAttached: @escaping @MainActor @Sendable (UInt64, Task<Void, Never>) -> Void,
    effectFinished: @escaping @MainActor @Sendable (UInt64) -> Void
  ) {
    self.didReduce = didReduce
    self.effectStarted = effectStarted
    self.effectAttached = effectAttached
    self.effectFinished = effectFinished
  }
}
