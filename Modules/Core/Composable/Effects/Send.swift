/// Sends actions from an effect back into its store, on the main actor.
///
/// Once the effect's task is cancelled, sending does nothing: a cancelled
/// effect can never change state.
public struct Send<Action>: Sendable {
  private let send: @MainActor @Sendable (Action) -> Void

  /// A sender from a closure (the store makes these).
  public init(_ send: @escaping @MainActor @Sendable (Action) -> Void) {
    self.send = send
  }

  /// Sends `action` unless the current task is cancelled.
  @MainActor public func callAsFunction(_ action: sending Action) {
    guard !Task.isCancelled else { return }
    send(action)
  }
}
