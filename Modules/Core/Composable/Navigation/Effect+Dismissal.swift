extension Effect {
  /// The same effect, with `dismissal` sent by every `await dismiss()` inside its async work.
  ///
  /// Applied by the navigation reducers to a child's effects after they are
  /// embedded in the parent's actions, so `dismissal` is the parent's
  /// `.dismiss` or `.popFrom(id:)`, and it travels through the same `send` as
  /// the child's own actions.
  @usableFromInline func sendingOnDismiss(_ dismissal: Action) -> Self {
    let dismissal = MainActorAction(dismissal)
    return mapRuns { run in
      run.wrappingBody { body, send in
        await DismissEffect.$presentation.withValue(DismissEffect { await send(dismissal.action) }) {
          await body(send)
        }
      }
    }
  }
}

/// An action captured by a main-actor closure; effects deliver actions only on the main actor.
private struct MainActorAction<Action>: @unchecked Sendable {
  let action: Action
  init(_ action: Action) { self.action = action }
}
