import Foundation

/// The store end of one `.run` effect's `Send`: delivers its actions, reports those sent after it ended,
/// and keeps (as its lineage) the work those actions started.
///
/// One per effect, and the only thing its `Send` closure captures, so it costs no more than
/// the closure context it replaces; the late-send check is a flag rather than a registry lookup.
@usableFromInline final class EffectSender<State, Action>: EffectLineage, @unchecked Sendable {
  @usableFromInline weak let store: RootStore<State, Action>?
  @usableFromInline let location: SourceLocation

  @usableFromInline init(store: RootStore<State, Action>, location: SourceLocation) {
    self.store = store
    self.location = location
    super.init(lock: store.effects.lineageLock)
  }

  /// Sends `action` into the store; the work it starts becomes part of this effect's lineage.
  @inlinable @MainActor func deliver(_ action: Action) {
    // `send` kept past the effect's end (captured by an unstructured task) sends into a finished effect.
    guard !hasEnded else { return reportSendAfterEnd(action, createdAt: location) }
    guard let store else { return }
    if store.senderEvent != nil { store.noteDelivery(fromEffect: self) }
    let task = store.send(action)
    if task.hasEffects { adopt(task) }
  }
}

extension EffectSender: RunningEffect {
  /// The store's registry, while the store exists.
  var registry: EffectRegistry? { store?.effects }

  /// Tells the store's hook, if any, that this effect's body threw.
  @MainActor func noteFailure() {
    store?.hookEvent?(.effectFailed(registryID))
  }

  /// The navigation path of the feature that created the effect: the deepest navigation id it is filed under.
  var navigationPath: NavigationIDPath {
    var deepest = NavigationIDPath()
    for key in store?.effects.keys(of: registryID) ?? [] {
      guard let id = key.id.base.base as? NavigationID, key.path.ids.count + 1 > deepest.ids.count else { continue }
      deepest = NavigationIDPath(key.path.ids + [id])
    }
    return deepest
  }
}
