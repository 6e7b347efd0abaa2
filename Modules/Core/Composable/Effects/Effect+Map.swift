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
