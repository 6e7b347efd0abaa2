extension Effect {
  /// The same work, with every action it sends transformed (how a parent embeds a child's actions).
  public func map<T>(_ transform: @escaping @Sendable (Action) -> T) -> Effect<T> {
    switch operation {
    case .none:
      return .none
    case let .send(action):
      return .send(transform(action))
    case let .run(run):
      return Effect<T>(.run(run.map(transform)))
    case let .merge(effects):
      return Effect<T>(.merge(effects.map { $0.map(transform) }))
    case let .concatenate(effects):
      return Effect<T>(.concatenate(effects.map { $0.map(transform) }))
    case let .cancellable(key, cancelInFlight, effect):
      return Effect<T>(.cancellable(key, cancelInFlight: cancelInFlight, effect.map(transform)))
    case let .cancel(key):
      return Effect<T>(.cancel(key))
    case let .throttle(spec, effect):
      return Effect<T>(.throttle(spec, effect.map(transform)))
    case let .cancelRemovedChildren(kind, path, present):
      return Effect<T>(.cancelRemovedChildren(kind: kind, path: path, present: present))
    }
  }
}

extension Effect {
  /// The same effect with each async part replaced by `transform(part)` (to wrap bodies, keep the rest).
  func mapRuns(_ transform: (RunOperation<Action>) -> RunOperation<Action>) -> Self {
    switch operation {
    case .none, .send, .cancel, .cancelRemovedChildren:
      return self
    case let .run(run):
      return Self(.run(transform(run)))
    case let .merge(effects):
      return Self(.merge(effects.map { $0.mapRuns(transform) }))
    case let .concatenate(effects):
      return Self(.concatenate(effects.map { $0.mapRuns(transform) }))
    case let .cancellable(key, cancelInFlight, effect):
      return Self(.cancellable(key, cancelInFlight: cancelInFlight, effect.mapRuns(transform)))
    case let .throttle(spec, effect):
      return Self(.throttle(spec, effect.mapRuns(transform)))
    }
  }
}

extension RunOperation {
  /// The same operation with its body wrapped: `wrap` receives the original body and the effect's `send`.
  func wrappingBody(
    _ wrap:
      @escaping @MainActor @Sendable (_ body: @MainActor @Sendable (Send<Action>) async -> Void, _ send: Send<Action>)
      async -> Void
  ) -> Self {
    let body = self.body
    return RunOperation(
      priority: priority, body: { send in await wrap(body, send) }, dependencies: dependencies, location: location)
  }
}
