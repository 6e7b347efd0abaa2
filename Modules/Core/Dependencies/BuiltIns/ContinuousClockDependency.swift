import Clocks

private enum ContinuousClockKey: TestDependencyKey, DependencyKey {
  static let liveValue: any Clock<Duration> = ContinuousClock()
  static var testValue: any Clock<Duration> { UnimplementedClock(name: "continuousClock") }
  static var previewValue: any Clock<Duration> { ImmediateClock() }
}

extension DependencyValues {
  /// The clock effects sleep on: the system's live, immediate in previews, and in
  /// tests one that fails when used until a test clock or immediate clock is set.
  public var continuousClock: any Clock<Duration> {
    get { self[ContinuousClockKey.self] }
    set { self[ContinuousClockKey.self] = newValue }
  }
}
