import IssueReporting

/// A read-only value computed from a shared value (`$user.read { $0.name.uppercased() }`): it follows the value
/// it is computed from, and nothing can be written through it.
final class DerivedSharedReference<Root: Sendable, Value: Sendable>: SharedReference<Value>, @unchecked Sendable {
  let parent: SharedReference<Root>
  let body: @Sendable (Root) -> Value

  init(parent: SharedReference<Root>, body: @escaping @Sendable (Root) -> Value) {
    self.parent = parent
    self.body = body
    // The value held by the base class is never read: every access computes from the parent.
    super.init(value: body(parent.trackedValue as! Root), name: "\(parent.name).read")
  }

  override var value: Value { body(parent.value) }

  override func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
    reportIssue("The shared value '\(name)' is read-only: it was computed with 'read'.")
    var copy = value
    return try body(&copy)
  }

  override var persistenceStatus: SharedPersistenceStatus { parent.persistenceStatus }

  override var loadingState: SharedLoadingState { parent.loadingState }

  override func load() async throws { try await parent.load() }

  override func save() async throws {
    reportIssue("The shared value '\(name)' is read-only: it was computed with 'read', and has nothing to save.")
  }

  // Every change is the parent's, so its followers are the ones told.
  override func afterNextChange(_ onChange: @escaping @Sendable () -> Void) { parent.afterNextChange(onChange) }

  override func touch() { parent.touch() }

  override var lastChange: UInt64 { parent.lastChange }

  override func flush() { parent.flush() }

  override var trackedValue: Any { body(parent.trackedValue as! Root) }

  override func expectedValue(in tracker: SharedChangeTracker) -> Value { body(parent.expectedValue(in: tracker)) }

  override var keyDescription: String { "\(parent.keyDescription).read" }
}

extension Shared {
  /// A read-only value computed from this one, that follows it: `$user.read { "\($0.name) <\($0.email)>" }`.
  public func read<Member: Sendable>(_ body: @escaping @Sendable (Value) -> Member) -> SharedReader<Member> {
    SharedReader(reference: DerivedSharedReference(parent: reference, body: body))
  }
}

extension SharedReader {
  /// A read-only value computed from this one, that follows it.
  public func read<Member: Sendable>(_ body: @escaping @Sendable (Value) -> Member) -> SharedReader<Member> {
    SharedReader<Member>(reference: DerivedSharedReference(parent: reference, body: body))
  }
}
