import Dependencies
import ValueDump

/// A read-only view of a shared value: a feature that must not change it says so in its type.
@propertyWrapper @dynamicMemberLookup
public struct SharedReader<Value: Sendable>: Sendable {
  /// What this reader and its copies hold: `$x = other` rebinds them all, as in swift-sharing.
  let box: SharedBox<Value>

  /// The reference this reader reads now.
  public var reference: SharedReference<Value> { box.reference }

  /// Reads what `shared` holds.
  public init(_ shared: Shared<Value>) {
    box = .make(shared.reference)
  }

  /// Reads the value stored under `key`; `wrappedValue` is used when there is none yet.
  public init(wrappedValue: @autoclosure () -> Value, _ key: SharedKey<Value>) {
    box = .make(DependencyValues.current.sharedStorage.reference(for: key, default: wrappedValue))
  }

  /// The value stored under `key`, or the default the key declares when there is none yet, read-only.
  public init(_ key: SharedKeyWithDefault<Value>) {
    box = .make(DependencyValues.current.sharedStorage.reference(for: key.key, default: key.defaultValue))
  }

  /// The value stored under `key`, read-only; `wrappedValue`, in place of the key's default, when there is none.
  public init(wrappedValue: @autoclosure () -> Value, _ key: SharedKeyWithDefault<Value>) {
    box = .make(DependencyValues.current.sharedStorage.reference(for: key.key, default: wrappedValue))
  }

  /// A read-only view of `reference`.
  init(reference: SharedReference<Value>) {
    box = .make(reference)
  }

  /// A field of the value, read-only: it follows the value.
  public subscript<Member: Sendable>(dynamicMember keyPath: KeyPath<Value, Member>) -> SharedReader<Member> {
    SharedReader<Member>(reference: ProjectedSharedReference(parent: reference, keyPath: keyPath, isReadOnly: true))
  }

  /// A constant, for previews and tests of a feature alone.
  public static func constant(_ value: Value) -> Self { Self(Shared(value: value)) }

  /// Reads the value loaded from `key`'s persistence before the reader exists; throws what the load threw, or
  /// `SharedLoadError.notFound` when nothing is stored.
  public init(require key: SharedKey<Value>) async throws {
    box = .make(try await DependencyValues.current.sharedStorage.requiredReference(for: key))
  }

  /// Whether the value is being loaded.
  public var isLoading: Bool { reference.isLoading }

  /// The error the last load ended with (nil once one succeeds).
  public var loadError: (any Error)? { reference.loadError }

  /// Loads the value again from where it is kept, and returns once it is in.
  public func load() async throws { try await reference.load() }

  /// The current value.
  public var wrappedValue: Value { reference.value }

  /// This reader, to pass along; assigning another (`$topics = other`) makes this reader and every copy of it,
  /// taken before or after, read that one's value, as swift-sharing does. Whoever read the value before is told.
  public var projectedValue: SharedReader<Value> {
    get { self }
    nonmutating set { box.switchReference(to: newValue.reference) }
  }

  /// Makes this reader and its copies read the value stored under `key` (holding this value when nothing is
  /// stored there yet), then loads it from there, as swift-sharing's `load(_:)`.
  public func load(_ key: SharedKey<Value>) async throws {
    try await box.load(key, holding: wrappedValue)
  }

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

extension SharedReader: CustomStringConvertible {
  /// The type and where the value is kept: `SharedReader<Int>(.inMemory("count"))`.
  public var description: String { "SharedReader<\(sharedTypeName(Value.self))>(\(reference.keyDescription))" }
}

extension SharedReader: ValueDumpReference {
  /// Dumps as its value, after its reference's number.
  public var valueDumpSubject: Any { wrappedValue }
  /// Its reference: every wrapper of one reference prints one number.
  public var valueDumpReferenceIdentity: ObjectIdentifier { ObjectIdentifier(reference) }
}
