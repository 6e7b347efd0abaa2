import Foundation

/// Tells the current date; live it reads the system clock, in tests it is fixed.
public struct DateGenerator: Sendable {
  private let generate: @Sendable () -> Date

  /// A generator from a closure.
  public init(_ generate: @escaping @Sendable () -> Date) {
    self.generate = generate
  }

  /// The current date.
  public var now: Date { generate() }

  /// Returns the current date.
  public func callAsFunction() -> Date { generate() }

  /// Always `date`.
  public static func constant(_ date: Date) -> DateGenerator { DateGenerator { date } }

  /// The date tests see unless they override it: 2009-02-13 23:31:30 UTC.
  public static let testDate = Date(timeIntervalSince1970: 1_234_567_890)
}

private enum DateGeneratorKey: TestDependencyKey, DependencyKey {
  static let liveValue = DateGenerator { Date() }
  static let testValue = DateGenerator.constant(DateGenerator.testDate)
}

extension DependencyValues {
  /// Tells the current date: the system's live, `DateGenerator.testDate` in tests and previews.
  public var date: DateGenerator {
    get { self[DateGeneratorKey.self] }
    set { self[DateGeneratorKey.self] = newValue }
  }
}
