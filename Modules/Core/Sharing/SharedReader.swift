import Dependencies
import ValueDump

/// A read-only view of a shared value: a feature that must not change it says so in its type.
@propertyWrapper
public struct SharedReader<Value: Sendable>: Sendable {
  /// The box this wrapper reads.
  public let reference: SharedReference<Value>

  /// Reads what `shared` holds.
  public init(_ shared: Shared<Value>) {
    reference = shared.reference
  }

  /// Reads the value stored under `key`; `wrappedValue` is used when there is none yet.
  public init(wrappedValue: @autoclosure () -> Value, _ key: SharedKey<Value>) {
    reference = DependencyValues.current.sharedStorage.reference(for: key, default: wrappedValue)
  }

  /// A constant, for previews and tests of a feature alone.
  public static func constant(_ value: Value) -> Self { Self(Shared(value: value)) }

  /// The current value.
  public var wrappedValue: Value { reference.value }

  /// This reader, to pass along.
  public var projectedValue: SharedReader<Value> { self }

  /// How loading and saving went for a persisted value.
  public var persistenceStatus: SharedPersistenceStatus { reference.persistenceStatus }
}

extension SharedReader: Equatable where Value: Equatable {
  /// Equal when both read the same reference or equal values.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.reference === rhs.reference || lhs.wrappedValue == rhs.wrappedValue
  }
}

extension SharedReader: Hashable where Value: Hashable {
  /// Hashes the value.
  public func hash(into hasher: inout Hasher) { hasher.combine(wrappedValue) }
}

extension SharedReader: ValueDumpTransparent {
  /// Dumps as its value.
  public var valueDumpSubject: Any { wrappedValue }
}
