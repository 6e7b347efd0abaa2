import Dependencies
import ValueDump

/// A value several features share by reference: one source of truth, no syncing.
///
/// Declare it in state with a key, and every feature declaring the same key
/// sees the same value:
///
///     @Shared(.inMemory("favorites")) var favorites: Set<User.ID> = []
///     @Shared(.file(settingsURL)) var settings = Settings()
///     @Shared(.preferences) var preferences   // a key that declares its default once
///
/// or hand a parent's `$favorites` to a child, or a field of it: `$user.name` is a `Shared<String>` that reads
/// and writes through `$user`. Reading is plain
/// (`state.favorites`); writing goes through the lock, so effects may write too:
/// `state.$favorites.withLock { $0.insert(id) }`. Two `Shared` are equal when
/// they hold equal values; dumps show the value.
///
/// In a `TestStore`, each store gets its own storage (in-memory keys and files
/// start empty), and every change a feature makes to a shared value must be
/// asserted, exactly like a change to state.
@propertyWrapper @dynamicMemberLookup
public struct Shared<Value: Sendable>: Sendable {
  /// What this wrapper and its copies hold: `$x = other` rebinds them all, as in swift-sharing.
  let box: SharedBox<Value>

  /// The reference this wrapper reads and writes now.
  public var reference: SharedReference<Value> { box.reference }

  /// A shared value of its own, not stored anywhere (pass its `$` to the features that share it).
  public init(value: Value) {
    box = .make(SharedReference(value: value, name: "Shared<\(Value.self)>"))
  }

  /// The value stored under `key`; `wrappedValue` is used when there is none yet.
  ///
  /// The key resolves in the current dependencies' `sharedStorage`, so a test
  /// store's features see the test's storage.
  public init(wrappedValue: @autoclosure () -> Value, _ key: SharedKey<Value>) {
    box = .make(DependencyValues.current.sharedStorage.reference(for: key, default: wrappedValue))
  }

  /// The value stored under `key`, or the default the key declares when there is none yet.
  public init(_ key: SharedKeyWithDefault<Value>) {
    box = .make(DependencyValues.current.sharedStorage.reference(for: key.key, default: key.defaultValue))
  }

  /// The value stored under `key`; `wrappedValue`, in place of the key's own default, when there is none yet.
  public init(wrappedValue: @autoclosure () -> Value, _ key: SharedKeyWithDefault<Value>) {
    box = .make(DependencyValues.current.sharedStorage.reference(for: key.key, default: wrappedValue))
  }

  /// A shared value of its own in the box a platform below `Atomic`'s floor gets (read under the lock), so that the
  /// tests run the way an older device takes.
  package init(value: Value, lockingBelowTheFloor: Bool) {
    let reference = SharedReference(value: value, name: "Shared<\(Value.self)>")
    box = lockingBelowTheFloor ? SharedBox(reference) : .make(reference)
  }

  /// A shared value over `reference`.
  init(reference: SharedReference<Value>) {
    box = .make(reference)
  }

  /// A field of the value, shared: reads and writes go through this value (`$user.name.withLock { $0 = "Ada" }`
  /// changes `user`), and observers and test stores see them as changes of it.
  public subscript<Member: Sendable>(dynamicMember keyPath: WritableKeyPath<Value, Member>) -> Shared<Member> {
    Shared<Member>(reference: ProjectedSharedReference(parent: reference, keyPath: keyPath))
  }

  /// Another wrapper of the same box: a copy, rebound with it.
  public init(projectedValue: Shared<Value>) {
    self = projectedValue
  }

  /// The current value; change it with `withLock`.
  public var wrappedValue: Value { reference.value }

  /// This wrapper, to pass along (`$favorites`) or to write through (`$favorites.withLock { … }`); assigning
  /// another (`$favorites = parent.$favorites`) makes this field, and every copy taken from it before or after,
  /// share that one's value, as swift-sharing does. Whoever read the value before is told, as of a change.
  public var projectedValue: Shared<Value> {
    get { self }
    nonmutating set { box.switchReference(to: newValue.reference) }
  }

  /// Makes this wrapper and its copies share the value stored under `key` (holding this value when nothing is
  /// stored there yet), then loads it from there: swift-sharing's `load(_:)`, to switch what a feature shares.
  public func load(_ key: SharedKey<Value>) async throws {
    try await box.load(key, holding: wrappedValue)
  }

  /// Mutates the value under its lock and returns what `body` returns.
  @discardableResult
  public func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
    try reference.withLock(body)
  }

  /// How loading and saving went for a persisted value (a corrupt file, a failed save).
  public var persistenceStatus: SharedPersistenceStatus { reference.persistenceStatus }

  /// Saves a pending change now instead of at the end of the coalescing window.
  public func flush() { reference.flush() }

  /// The value loaded from `key`'s persistence before the `Shared` exists: throws what the load threw, or
  /// `SharedLoadError.notFound` when nothing is stored (there is no default to fall back on).
  public init(require key: SharedKey<Value>) async throws {
    box = .make(try await DependencyValues.current.sharedStorage.requiredReference(for: key))
  }

  /// Whether the value is being loaded: a key whose persistence answers later holds its default meanwhile.
  public var isLoading: Bool { reference.isLoading }

  /// The error the last load ended with (nil once one succeeds); the value stayed as it was.
  public var loadError: (any Error)? { reference.loadError }

  /// The error the last save ended with (nil once one succeeds); the change is still held in memory.
  public var saveError: (any Error)? { reference.saveError }

  /// Loads the value again from where it is kept, and returns once it is in; throws what the load threw.
  public func load() async throws { try await reference.load() }

  /// Saves the value now, and returns once it is kept; throws what the save threw.
  public func save() async throws { try await reference.save() }
}

extension Shared: Equatable where Value: Equatable {
  /// Equal when both name the same reference or hold equal values. Inside a tracker's assertion, as in
  /// swift-sharing, the left side is what the assertion expects (the value before the changes, as it edited it)
  /// and the right side the value now, so `$count == $count` says whether the change was asserted.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    if let tracker = SharedChangeTracker.asserting {
      return lhs.reference.expectedValue(in: tracker) == rhs.wrappedValue
    }
    return lhs.reference === rhs.reference || lhs.wrappedValue == rhs.wrappedValue
  }
}

extension Shared: Hashable where Value: Hashable {
  /// Hashes the value.
  public func hash(into hasher: inout Hasher) { hasher.combine(wrappedValue) }
}

extension Shared: CustomStringConvertible {
  /// The type and where the value is kept: `Shared<Int>(.inMemory("count"))`, `Shared<Int>(value: 0)`.
  public var description: String { reference.sharedDescription }
}

/// A type as a declaration spells it (`Int`, `[String]`, `UserList.State`).
func sharedTypeName(_ type: Any.Type) -> String {
  String(valueDump(type).dropLast(".self".count))
}

extension Shared: ValueDumpReference {
  /// Dumps as its value, after its reference's number.
  public var valueDumpSubject: Any { wrappedValue }
  /// Its reference: every wrapper of one reference prints one number.
  public var valueDumpReferenceIdentity: ObjectIdentifier { ObjectIdentifier(reference) }
}
