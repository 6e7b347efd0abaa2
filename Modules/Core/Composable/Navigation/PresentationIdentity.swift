import AtomicCounters

/// What tells one alert or dialog from another that is equal to it: each one made is new, as TCA's states with
/// their own UUID are, so a parent that presents an equal alert again in answer to the old one's button shows the
/// new one instead of having it dismissed with the old. Equality, hashing, coding and dumps ignore it.
public struct PresentationIdentity: Hashable, Sendable {
  private let rawValue: UInt64

  private static let counter = AtomicCounter()

  /// A new identity, never given before in this process.
  public static func next() -> Self {
    Self(rawValue: UInt64(bitPattern: counter.add(1)))
  }
}
