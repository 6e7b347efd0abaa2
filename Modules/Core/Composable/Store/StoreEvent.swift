/// What a root store's send loop tells a tool's hook besides each reduce (`StoreHook.event`): the life of every
/// effect, and where the next actions come from.
@usableFromInline package enum StoreEvent: Sendable {
  /// Effect `id` is about to start; the action reduced last started it.
  case effectStarted(UInt64)
  /// Effect `id` has its task (told after `effectFinished` when it ended synchronously).
  case effectAttached(UInt64, Task<Void, Never>)
  /// Effect `id`'s body threw an error other than cancellation.
  case effectFailed(UInt64)
  /// Effect `id`'s task has returned; told inside that task.
  case effectFinished(UInt64)
  /// An action was put in the loop's buffer: by a delivering effect (`sentByEffect`), or by the action being
  /// reduced (a `.send` effect, a send from a reducer or an observer).
  case buffered(sentByEffect: Bool)
  /// Effect `id` is about to send an action.
  case delivering(fromEffect: UInt64)
  /// A throttle's timer starts (true) or ends (false) letting its held effect through.
  case firingTimer(Bool)
  /// `count` actions an effect queued are taken out of the buffer, to be sent one by one. A send among them can
  /// start another such run inside this one (an effect started in place), so runs nest until `sentQueued`.
  case sendingQueued(count: Int)
  /// The next action of the innermost run is sent.
  case sendingNextQueued
  /// The innermost run has sent all its actions.
  case sentQueued

  /// Whether the event says who sends the next actions, rather than how an effect lives; told only to a hook
  /// that tracks senders.
  package var isAboutSenders: Bool {
    switch self {
    case .effectStarted, .effectAttached, .effectFailed, .effectFinished: false
    case .buffered, .delivering, .firingTimer, .sendingQueued, .sendingNextQueued, .sentQueued: true
    }
  }
}
