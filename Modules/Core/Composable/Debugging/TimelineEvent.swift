/// What happens around a store's send loop that its timeline follows, apart from the actions it records: where
/// the next actions come from, effects' failures, a throttle's timer. The store tells its timeline these through
/// `TimelineStorage.note(_:)` and knows nothing of how the storage keeps them.
enum TimelineEvent {
  /// An action was put in the loop's buffer: by a delivering effect (`sentByEffect`), or by the action being
  /// reduced (a `.send` effect, a send from a reducer or an observer).
  case buffered(sentByEffect: Bool)
  /// Effect `id` is about to send an action.
  case delivering(fromEffect: UInt64)
  /// The body of effect `id` threw.
  case effectFailed(UInt64)
  /// A throttle's timer starts (true) or ends (false) letting its held effect through.
  case firingTimer(Bool)
  /// `count` actions an effect queued are taken out of the buffer, to be sent one by one. A send among them can
  /// start another such run inside this one (an effect started in place), so runs nest until `sentQueued`.
  case sendingQueued(count: Int)
  /// The next action of the innermost run is sent.
  case sendingNextQueued
  /// The innermost run has sent all its actions.
  case sentQueued
}
