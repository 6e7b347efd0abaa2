extension Effect {
  /// The same effect, with `dismissal` sent by every `await dismiss()` inside its async work.
  ///
  /// Applied by the navigation reducers to a child's effects after they are
  /// embedded in the parent's actions, so `dismissal` is the parent's
  /// `.dismiss` or `.popFrom(id:)`, and it travels through the same `send` as
  /// the child's own actions.
  func sendingOnDismiss(_ dismissal: Action) -> Self {
    switch operation {
    case .none, .send, .cancel, .cancelRemovedChildren:
      return self
    case let .run(run):
      let body = run.body
      let dismissal = MainActorAction(dismissal)
      return Self(
        .run(
          RunOperation(
            priority: run.priority,
            body: { send in
              await DismissEffect.$presentationHandler.withValue({ await send(dismissal.action) }) {
                await body(send)
              }
            },
            dependencies: run.dependencies,
            location: run.location)))
    case let .merge(effects):
      return Self(.merge(effects.map { $0.sendingOnDismiss(dismissal) }))
    case let .concatenate(effects):
      return Self(.concatenate(effects.map { $0.sendingOnDismiss(dismissal) }))
    case let .cancellable(key, cancelInFlight, effect):
      return Self(.cancellable(key, cancelInFlight: cancelInFlight, effect.sendingOnDismiss(dismissal)))
    case let .throttle(spec, effect):
      return Self(.throttle(spec, effect.sendingOnDismiss(dismissal)))
    }
  }
}

/// An action captured by a main-actor closure; effects deliver actions only on the main actor.
private struct MainActorAction<Action>: @unchecked Sendable {
  let action: Action
  init(_ action: Action) { self.action = action }
}
