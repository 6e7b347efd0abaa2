import Dependencies
import Foundation
import Synchronization

/// What a `Shared` and every copy of it hold: the reference they read and write, which `$x = other` and
/// `$x.load(key)` replace for all of them at once, as swift-sharing's wrappers share one box.
///
/// Reading costs a relaxed atomic load beside the reference's own lock: `original` is never written, and only a
/// box that was rebound reads `rebound`, under a lock, from then on. Rebinding is rare (a feature switching what
/// it shares), reading is on every render.
class SharedBox<Value: Sendable>: @unchecked Sendable {
  /// The reference the box was made with.
  let original: SharedReference<Value>
  /// The reference a rebinding put in place of `original`; guarded by `sharedRebindingLock`.
  private var rebound: SharedReference<Value>?

  init(_ reference: SharedReference<Value>) {
    original = reference
  }

  /// A box for `reference`: with an atomic flag where the platform has `Atomic` (Linux, Apple's 2024 releases),
  /// else one that reads under the lock.
  static func make(_ reference: SharedReference<Value>) -> SharedBox {
    if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
      return FlaggedSharedBox(reference)
    }
    return SharedBox(reference)
  }

  /// The reference the wrappers read and write now.
  var reference: SharedReference<Value> { sharedRebindingLock.withLock { rebound ?? original } }

  /// Makes every wrapper of this box read and write `reference` from now on.
  func rebind(to reference: SharedReference<Value>) {
    sharedRebindingLock.withLock { rebound = reference }
  }

  /// Makes every wrapper of this box read `newReference` from now on, and tells whoever read the old one, as of a
  /// change (`$x = other`); nothing when it is the one read now.
  final func switchReference(to newReference: SharedReference<Value>) {
    let old = reference
    guard old !== newReference else { return }
    // Inside a test store's feature, the store's copy of the state shares this box: the test sees the switch only
    // as a change of the value, which it must assert.
    SharedChangeTracker.current?.willRebind(to: newReference, from: old)
    rebind(to: newReference)
    old.touch()
  }

  /// Switches every wrapper of this box to the value stored under `key` (`current` when nothing is stored there
  /// yet), then loads it from there: swift-sharing's `load(_:)`.
  final func load(_ key: SharedKey<Value>, holding current: Value) async throws {
    switchReference(to: DependencyValues.current.sharedStorage.reference(for: key, default: { current }))
    try await reference.load()
  }
}

/// Guards every box's rebound reference: taken only by boxes that were rebound, so it is seldom contended.
let sharedRebindingLock = NSLock()

/// A box that reads `original` without a lock until it is first rebound.
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
final class FlaggedSharedBox<Value: Sendable>: SharedBox<Value>, @unchecked Sendable {
  /// Whether the box was ever rebound; set after the rebound reference is stored under the lock, which a reader
  /// that sees it takes in turn.
  private let wasRebound = Atomic<Bool>(false)

  override var reference: SharedReference<Value> {
    wasRebound.load(ordering: .relaxed) ? super.reference : original
  }

  override func rebind(to reference: SharedReference<Value>) {
    super.rebind(to: reference)
    wasRebound.store(true, ordering: .relaxed)
  }
}
