/// What a persistence hands a shared value as its source speaks (a server's push, a database's observation, a
/// value another part of the system computes): a new value, no value any more, a failure, or that a load began or
/// ended; as swift-sharing's subscriber. A persistence receives one in `subscribe(subscriber:)`; each call may come
/// from any thread, and observers of the `Shared` are told as of a change made elsewhere (nothing is saved).
public struct SharedSubscriber<Value: Sendable>: Sendable {
  private let onValue: @Sendable (Value?) -> Void
  private let onError: @Sendable (any Error) -> Void
  private let onLoading: @Sendable (Bool) -> Void

  /// A subscriber calling `onValue` with each value (nil: none stored, the default applies), `onError` with each
  /// failure and `onLoading` when a load begins (true) or ends (false): for a test of a persistence of your own.
  public init(
    onValue: @escaping @Sendable (Value?) -> Void, onError: @escaping @Sendable (any Error) -> Void,
    onLoading: @escaping @Sendable (Bool) -> Void
  ) {
    self.onValue = onValue
    self.onError = onError
    self.onLoading = onLoading
  }

  /// The source holds `value` now: the `Shared` takes it, and a load in progress ends without an error.
  public func yield(_ value: Value) { onValue(value) }

  /// The source holds no value any more: the `Shared` goes back to its default.
  public func yieldReturningInitialValue() { onValue(nil) }

  /// The source failed: the value stays, and `loadError` says why.
  public func yield(throwing error: any Error) { onError(error) }

  /// A load began (`true`) or ended (`false`): what `isLoading` says meanwhile.
  public func yieldLoading(_ isLoading: Bool = true) { onLoading(isLoading) }
}

extension SharedSubscriber {
  /// The subscriber of `reference`, whose default is `fallback`; it keeps the reference only weakly.
  init(following reference: SharedReference<Value>, fallback: Value) {
    self.init(
      onValue: { [weak reference] value in
        guard let reference else { return }
        reference.storeLoaded(value ?? fallback)
        reference.loadingState.loadEnded(nil)
      },
      onError: { [weak reference] error in reference?.loadingState.loadEnded(error) },
      onLoading: { [weak reference] isLoading in
        guard let state = reference?.loadingState else { return }
        if isLoading { state.loadBegan() } else { state.loadStopped() }
      })
  }
}
