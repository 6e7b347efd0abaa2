/// How much of a feature's behaviour a `TestStore` insists that the test asserts.
public enum Exhaustivity: Equatable, Sendable {
  /// Every state change, received action and running effect must be asserted (the default).
  case on
  /// Only what the test asserts is checked; with `showSkippedAssertions`, what it skipped is printed.
  case off(showSkippedAssertions: Bool)

  /// Non-exhaustive, without printing what was skipped.
  public static let off = Self.off(showSkippedAssertions: false)

  @usableFromInline var isOn: Bool { self == .on }
  @usableFromInline var showsSkipped: Bool { self == .off(showSkippedAssertions: true) }
}
