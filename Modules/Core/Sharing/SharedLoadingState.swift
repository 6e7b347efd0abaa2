import Foundation
import Observation

/// Whether a shared value is loading and how its last load and save went, observable on their own: a view that
/// shows a spinner re-renders when loading ends, not at every change of the value.
final class SharedLoadingState: @unchecked Sendable, Observable {
  private let lock = NSLock()
  private let registrar = ObservationRegistrar()
  private var loading = false
  private var loadFailure: (any Error)?
  private var saveFailure: (any Error)?

  /// Whether a load has begun and not ended.
  var isLoading: Bool {
    registrar.access(self, keyPath: \.isLoading)
    return lock.withLock { loading }
  }

  /// The error the last load ended with (nil once a load or a save succeeds).
  var loadError: (any Error)? {
    registrar.access(self, keyPath: \.loadError)
    return lock.withLock { loadFailure }
  }

  /// The error the last save ended with (nil once a save succeeds).
  var saveError: (any Error)? {
    registrar.access(self, keyPath: \.saveError)
    return lock.withLock { saveFailure }
  }

  /// Notes that a load began.
  func loadBegan() {
    guard !lock.withLock({ loading }) else { return }
    registrar.withMutation(of: self, keyPath: \.isLoading) { lock.withLock { loading = true } }
  }

  /// Notes how a load ended (observers are told only of what changed).
  func loadEnded(_ error: (any Error)?) {
    let (wasLoading, hadError) = lock.withLock { (loading, loadFailure != nil) }
    if hadError || error != nil {
      registrar.withMutation(of: self, keyPath: \.loadError) { lock.withLock { loadFailure = error } }
    }
    if wasLoading {
      registrar.withMutation(of: self, keyPath: \.isLoading) { lock.withLock { loading = false } }
    }
  }

  /// Notes that loading stopped, its error (if any) left as it was: a subscriber saying it is not loading.
  func loadStopped() {
    guard lock.withLock({ loading }) else { return }
    registrar.withMutation(of: self, keyPath: \.isLoading) { lock.withLock { loading = false } }
  }

  /// Notes how a save ended (observers are told only of what changed). A successful one also ends the last load's
  /// error, as swift-sharing's does: what is kept is now the value shown, so the failed load no longer matters.
  func saveEnded(_ error: (any Error)?) {
    let (hadSaveError, hadLoadError) = lock.withLock { (saveFailure != nil, loadFailure != nil) }
    if hadSaveError || error != nil {
      registrar.withMutation(of: self, keyPath: \.saveError) { lock.withLock { saveFailure = error } }
    }
    if error == nil, hadLoadError {
      registrar.withMutation(of: self, keyPath: \.loadError) { lock.withLock { loadFailure = nil } }
    }
  }
}
