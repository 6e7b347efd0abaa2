import SettingsInterface

extension Settings.State {
  /// Settings once the tour was finished. Build it inside the store's dependencies (a `TestStore`'s initial state
  /// is), where its shared preferences resolve to the test's storage.
  public static func afterTheTour() -> Self {
    let state = Self()
    state.$preferences.withLock { $0.onboardingCompleted = true }
    return state
  }
}
