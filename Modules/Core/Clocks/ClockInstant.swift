/// A point on a test or immediate clock: the time elapsed since the clock was made.
public struct ClockInstant: InstantProtocol, Hashable, Sendable, CustomStringConvertible {
  /// Time since the clock's origin.
  public var offset: Duration

  /// An instant `offset` after the origin.
  public init(offset: Duration = .zero) {
    self.offset = offset
  }

  /// The instant `duration` later.
  public func advanced(by duration: Duration) -> ClockInstant { ClockInstant(offset: offset + duration) }

  /// The time from `self` to `other`.
  public func duration(to other: ClockInstant) -> Duration { other.offset - offset }

  /// Earlier instants come first.
  public static func < (lhs: ClockInstant, rhs: ClockInstant) -> Bool { lhs.offset < rhs.offset }

  /// `+1.5 seconds`.
  public var description: String { "+\(offset)" }
}
