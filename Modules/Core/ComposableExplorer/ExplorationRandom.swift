import Composable

/// The random numbers of an exploration: `SplitMix64` (from Dependencies), so a sequence of actions is a function
/// of its seed alone, the same in debug and release, on every platform.
public struct ExplorationRandom: RandomNumberGenerator, Sendable {
  private var generator: SplitMix64

  /// A generator whose whole output follows from `seed`.
  public init(seed: UInt64) {
    generator = SplitMix64(seed: seed)
  }

  /// The next 64 random bits.
  public mutating func next() -> UInt64 { generator.next() }

  /// A whole number in `range`.
  public mutating func int(in range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &self) }

  /// One of `elements`, or nil when there is none.
  public mutating func element<C: Collection>(of elements: C) -> C.Element? { elements.randomElement(using: &self) }

  /// True with probability `probability` (0 to 1).
  public mutating func chance(_ probability: Double) -> Bool { Double.random(in: 0..<1, using: &self) < probability }

  /// A short text: mostly letters, sometimes empty, sometimes with a space or an accent, as people type.
  public mutating func text(maxLength: Int = 8) -> String {
    let alphabet = Array("abcdefghijklmnopqrstuvwxyz  éA")
    let length = int(in: 0...maxLength)
    return String((0..<length).map { _ in alphabet[int(in: 0...(alphabet.count - 1))] })
  }
}
