import Foundation

/// Makes UUIDs; live it is random, in tests it counts up from zero so ids are predictable.
public struct UUIDGenerator: Sendable {
  private let generate: @Sendable () -> UUID

  /// A generator from a closure.
  public init(_ generate: @escaping @Sendable () -> UUID) {
    self.generate = generate
  }

  /// Returns the next UUID.
  public func callAsFunction() -> UUID { generate() }

  /// Random UUIDs from Foundation; slow enough to keep off per-action paths (see docs/performance.md).
  public static let random = UUIDGenerator { UUID() }

  /// 00000000-0000-0000-0000-000000000000, then …0001, and so on.
  public static var incrementing: UUIDGenerator {
    let counter = Counter()
    return UUIDGenerator {
      UUID(Int(truncatingIfNeeded: counter.next()))
    }
  }

  /// Always the same UUID.
  public static func constant(_ uuid: UUID) -> UUIDGenerator { UUIDGenerator { uuid } }
}

/// A thread-safe counter for the incrementing generator.
private final class Counter: @unchecked Sendable {
  private let lock = NSLock()
  private var value: UInt64 = 0

  func next() -> UInt64 {
    lock.withLock {
      defer { value += 1 }
      return value
    }
  }
}

private enum UUIDGeneratorKey: TestDependencyKey, DependencyKey {
  static let liveValue = UUIDGenerator.random
  static var testValue: UUIDGenerator { .incrementing }
}

extension DependencyValues {
  /// Makes UUIDs: random live, incrementing from zero in tests and previews.
  public var uuid: UUIDGenerator {
    get { self[UUIDGeneratorKey.self] }
    set { self[UUIDGeneratorKey.self] = newValue }
  }
}

extension UUID {
  /// The UUID whose last sixteen hex digits are `intValue`'s magnitude, with its sign in the group before them:
  /// `UUID(0)` is 00000000-0000-0000-0000-000000000000, `UUID(1)` the one after, as the incrementing generator makes
  /// them, so a test spells its expected ids briefly; `UUID(-1)` is 00000000-0000-0001-0000-000000000001, as
  /// swift-dependencies spells it. Any `Int` makes one, each its own, `Int.min` included.
  public init(_ intValue: Int) {
    let bits = UInt64(intValue.magnitude)
    func byte(_ index: UInt64) -> UInt8 { UInt8(truncatingIfNeeded: bits >> (56 - 8 * index)) }
    let sign: UInt8 = intValue < 0 ? 1 : 0
    self.init(
      uuid: (0, 0, 0, 0, 0, 0, 0, sign, byte(0), byte(1), byte(2), byte(3), byte(4), byte(5), byte(6), byte(7)))
  }
}
