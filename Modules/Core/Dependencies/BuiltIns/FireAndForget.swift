/// Starts work whose result nobody waits for (an analytics event, a log upload): live it runs in a task of its
/// own and the caller goes on at once; in tests it runs before the call returns, so a test sees what
/// it did without waiting, as swift-dependencies' `fireAndForget` does.
public struct FireAndForget: Sendable {
  private let start: @Sendable (TaskPriority?, @escaping @Sendable () async throws -> Void) async -> Void

  /// Work started by `start`, given a priority and the operation.
  public init(
    _ start: @escaping @Sendable (TaskPriority?, @escaping @Sendable () async throws -> Void) async -> Void
  ) {
    self.start = start
  }

  /// Starts `operation`; an error it throws is dropped, as nobody waits for it.
  public func callAsFunction(
    priority: TaskPriority? = nil, _ operation: @escaping @Sendable () async throws -> Void
  ) async {
    await start(priority, operation)
  }

  /// In a task of its own: the caller goes on at once.
  public static let detached = FireAndForget { priority, operation in
    Task(priority: priority) { try? await operation() }
  }

  /// Before the call returns: what tests use.
  public static let immediate = FireAndForget { _, operation in
    try? await operation()
  }
}

private enum FireAndForgetKey: TestDependencyKey, DependencyKey {
  static let liveValue = FireAndForget.detached
  static let testValue = FireAndForget.immediate
}

extension DependencyValues {
  /// Work nobody waits for: detached live (and in previews), finished before the call returns in tests.
  public var fireAndForget: FireAndForget {
    get { self[FireAndForgetKey.self] }
    set { self[FireAndForgetKey.self] = newValue }
  }
}
