import IssueReporting

/// Starts work whose result nobody waits for (an analytics event, a log upload): live it runs in a task of its
/// own and the caller goes on at once; in tests it runs before the call returns, so a test sees what
/// it did without waiting, as swift-dependencies' `fireAndForget` does. Either way it is not cancelled with the
/// task that started it.
public struct FireAndForget: Sendable {
  private let start: @Sendable (TaskPriority?, @escaping @Sendable () async throws -> Void) async -> Void

  /// Work started by `start`, given a priority and the operation.
  public init(
    _ start: @escaping @Sendable (TaskPriority?, @escaping @Sendable () async throws -> Void) async -> Void
  ) {
    self.start = start
  }

  /// Starts `operation`; an error it throws is dropped live, as nobody waits for it, and reported in tests.
  public func callAsFunction(
    priority: TaskPriority? = nil, _ operation: @escaping @Sendable () async throws -> Void
  ) async {
    await start(priority, operation)
  }

  /// In a task of its own: the caller goes on at once.
  public static let detached = FireAndForget { priority, operation in
    Task(priority: priority) { try? await operation() }
  }

  /// Before the call returns, in a task of its own (the caller's cancellation does not reach it), an error it
  /// throws reported: what tests use.
  public static let immediate = FireAndForget { priority, operation in
    await Task(priority: priority) {
      do {
        try await operation()
      } catch {
        reportIssue(error, "Work started with 'fireAndForget' threw.")
      }
    }.value
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
