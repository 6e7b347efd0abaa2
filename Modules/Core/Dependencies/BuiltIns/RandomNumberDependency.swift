import Foundation

/// A source of random numbers that tests can make repeatable.
public struct RandomNumberSource: Sendable {
  private let generator: LockedGenerator

  /// A source that draws from the system's generator.
  public static var system: RandomNumberSource {
    RandomNumberSource(generator: LockedGenerator(SystemRandomNumberGenerator()))
  }

  /// A repeatable source: the same seed gives the same numbers (SplitMix64).
  public static func seeded(_ seed: UInt64) -> RandomNumberSource {
    RandomNumberSource(generator: LockedGenerator(SplitMix64(seed: seed)))
  }

  /// A source drawing from `generator`, as swift-dependencies' `WithRandomNumberGenerator(_:)` takes one.
  public init(_ generator: some RandomNumberGenerator & Sendable) {
    self.generator = LockedGenerator(generator)
  }

  private init(generator: LockedGenerator) {
    self.generator = generator
  }

  /// Runs `body` with exclusive use of the generator, e.g. `{ Int.random(in: 1...6, using: &$0) }`.
  public func callAsFunction<R>(_ body: (inout any RandomNumberGenerator) throws -> R) rethrows -> R {
    try generator.withGenerator(body)
  }
}

/// swift-dependencies' name for a source of random numbers.
public typealias WithRandomNumberGenerator = RandomNumberSource

/// SplitMix64: tiny, fast and good enough for repeatable test data.
public struct SplitMix64: RandomNumberGenerator, Sendable {
  private var state: UInt64

  /// A generator starting from `seed`.
  public init(seed: UInt64) {
    state = seed
  }

  /// The next 64 random bits.
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)).multipliedReportingOverflow(by: 0xBF58_476D_1CE4_E5B9).partialValue
    z = (z ^ (z >> 27)).multipliedReportingOverflow(by: 0x94D0_49BB_1331_11EB).partialValue
    return z ^ (z >> 31)
  }
}

private final class LockedGenerator: @unchecked Sendable {
  private let lock = NSLock()
  private var generator: any RandomNumberGenerator

  init(_ generator: any RandomNumberGenerator) {
    self.generator = generator
  }

  func withGenerator<R>(_ body: (inout any RandomNumberGenerator) throws -> R) rethrows -> R {
    try lock.withLock { try body(&generator) }
  }
}

private enum RandomNumberKey: TestDependencyKey, DependencyKey {
  static var liveValue: RandomNumberSource { .system }
  static var testValue: RandomNumberSource { .seeded(0) }
}

extension DependencyValues {
  /// Random numbers: the system's live, seeded with 0 in tests and previews so runs repeat.
  public var random: RandomNumberSource {
    get { self[RandomNumberKey.self] }
    set { self[RandomNumberKey.self] = newValue }
  }

  /// The same source by swift-dependencies' name: `withRandomNumberGenerator { Int.random(in: 1...6, using: &$0) }`.
  public var withRandomNumberGenerator: RandomNumberSource {
    get { self[RandomNumberKey.self] }
    set { self[RandomNumberKey.self] = newValue }
  }
}
