/// A cancellation id as the store files it: the id, and the navigation path it was used at.
@usableFromInline struct CancelKey: Hashable, Sendable {
  let id: AnyHashableSendable
  let path: NavigationIDPath

  /// A key for `id` at the navigation path of the running reduce.
  init(id: some Hashable & Sendable) {
    self.id = AnyHashableSendable(id)
    self.path = ReducingContext.current?.navigationPath ?? NavigationIDPath()
  }

  init(id: AnyHashableSendable, path: NavigationIDPath) {
    self.id = id
    self.path = path
  }

  /// The keys an effect registers under: its id at every prefix of its path.
  @usableFromInline var registrationKeys: [CancelKey] {
    path.prefixes.map { CancelKey(id: id, path: $0) }
  }
}

extension Effect {
  /// Makes this effect cancellable with `id`; with `cancelInFlight`, first cancels any running effect with that id.
  ///
  /// Ids are scoped to the store and to the feature's place in the navigation
  /// tree: the same id used by two rows of a `forEach` or two presented features
  /// names two different effects, while cancelling at a parent reaches its children.
  public func cancellable(id: some Hashable & Sendable, cancelInFlight: Bool = false) -> Self {
    if case .none = operation, !cancelInFlight { return self }
    return Self(.cancellable(CancelKey(id: id), cancelInFlight: cancelInFlight, self))
  }

  /// Cancels every running effect made cancellable with `id` here or in features below.
  public static func cancel(id: some Hashable & Sendable) -> Self {
    Self(.cancel(CancelKey(id: id)))
  }
}
