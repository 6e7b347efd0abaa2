import Composable

/// The `dismiss` a test store gives its feature: inside a presented child it dismisses the child as usual; at
/// the root it dismisses the test store itself, as TCA's does.
@usableFromInline @MainActor final class TestStoreDismissal: Sendable {
  /// What the test store does when its root feature dismisses itself; set once the store exists.
  @usableFromInline var onDismiss: (@MainActor () -> Void)?

  @usableFromInline nonisolated init() {}

  /// The dependency value.
  @usableFromInline nonisolated var effect: DismissEffect {
    // Held strongly: only the dependency keeps this object alive, and it holds the store weakly.
    DismissEffect { [self] in
      if let presentation = DismissEffect.presentation {
        await presentation()
      } else {
        onDismiss?()
      }
    }
  }
}

extension TestStore {
  /// Marks the store dismissed and cancels the feature's effects (they are no longer reported as running).
  @usableFromInline func featureDismissedItself() {
    isDismissed = true
    _ = ledger.cancelAll()
  }
}
