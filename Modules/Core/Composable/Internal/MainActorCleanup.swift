import Foundation

/// Runs `work` on the main actor: at once when this is the main thread, else on the main actor's next turn. What a
/// deinit that must end main-actor work calls instead of being an `isolated deinit`, which crashes on Apple's
/// recent releases where no Swift task is current (swiftlang/swift#85500), as when a view's teardown drops a value.
func onMainActorNowOrNextTurn(_ work: @escaping @MainActor @Sendable () -> Void) {
  if Thread.isMainThread {
    MainActor.assumeIsolated { work() }
  } else {
    Task { @MainActor in work() }
  }
}
