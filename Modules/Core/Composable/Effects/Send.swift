/// Sends actions from an effect back into its store, on the main actor.
///
/// Once the effect's task is cancelled, sending does nothing: a cancelled
/// effect can never change state.
public struct Send<Action>: Sendable {
  @usableFromInline let send: @MainActor @Sendable (Action) -> Void

  /// A sender from a closure (the store makes these).
  public init(_ send: @escaping @MainActor @Sendable (Action) -> Void) {
    self.send = send
  }

  /// Sends `action` unless the current task is cancelled.
  ///
  /// Async so effects read as they do in TCA (`await send(.loaded(users))`);
  /// effects run on the main actor, so the call never suspends.
  @inlinable @MainActor public func callAsFunction(_ action: sending Action) async {
    guard !Task.isCancelled else { return }
    send(action)
  }

  /// The synchronous form, for the runtime's own wrappers (mapping an effect's actions).
  @MainActor func sendNow(_ action: sending Action) {
    guard !Task.isCancelled else { return }
    send(action)
  }
}
