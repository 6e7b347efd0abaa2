extension Effect {
  /// Delays this effect by `duration` on `clock`, restarting the wait whenever another effect with `id` arrives.
  ///
  /// Only the last of a burst runs: each new one cancels the waiting one.
  public func debounce<C: Clock<Duration>>(
    id: some Hashable & Sendable, for duration: Duration, clock: C
  ) -> Self {
    if case .none = operation { return self }
    return Self.concatenate(
      Self.run { _ in try await clock.sleep(for: duration) },
      self
    )
    .cancellable(id: id, cancelInFlight: true)
  }

  /// Lets at most one effect with `id` start per `duration`: the first runs at once, and
  /// one more runs when the window closes (the latest that arrived, or the first when `latest` is false).
  public func throttle<C: Clock<Duration>>(
    id: some Hashable & Sendable, for duration: Duration, clock: C, latest: Bool
  ) -> Self {
    if case .none = operation { return self }
    let spec = ThrottleSpec(
      key: CancelKey(id: id),
      interval: duration,
      latest: latest,
      now: { clock.now },
      elapsedSince: { start in (start as? C.Instant).map { $0.duration(to: clock.now) } },
      sleep: { try await clock.sleep(for: $0) })
    return Self(.throttle(spec, self))
  }
}

/// How a throttled effect measures its window, erased from its clock type.
@usableFromInline struct ThrottleSpec: Sendable {
  let key: CancelKey
  let interval: Duration
  let latest: Bool
  let now: @Sendable () -> any Sendable
  let elapsedSince: @Sendable (any Sendable) -> Duration?
  let sleep: @Sendable (Duration) async throws -> Void
}
