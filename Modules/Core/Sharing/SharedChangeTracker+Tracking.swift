import Clocks
import IssueReporting

extension SharedChangeTracker {
  /// Runs `operation` with the changes it makes to shared values recorded here, for `assert` to check (as
  /// swift-sharing's tracker does, outside a test store).
  public func track<R>(_ operation: () throws -> R) rethrows -> R {
    try TestStoreScope.$current.withValue(trackingScope) { try operation() }
  }

  /// Runs the async `operation` with the changes it makes to shared values recorded here.
  public func track<R>(
    _ operation: () async throws -> R, isolation: isolated (any Actor)? = #isolation
  ) async rethrows -> R {
    try await TestStoreScope.$current.withValue(trackingScope) { try await operation() }
  }

  /// The scope `track` runs its operation in: this tracker, and the work of the test store around it, if any.
  private var trackingScope: TestStoreScope {
    TestStoreScope(work: TestStoreScope.current?.work, sharedChanges: self)
  }

  /// Whether a shared value was changed under `track` since the last `assert`.
  public var hasChanges: Bool { !peekChanges().isEmpty }

  /// Checks the changes recorded since the last `assert`: in `operation`, `$value.withLock { … }` says what a shared
  /// value should be now, starting from its value before the changes. A value that differs, or a change that
  /// `operation` does not state, is reported; the changes are then forgotten.
  @discardableResult
  public func assert<R>(
    _ operation: () throws -> R,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) rethrows -> R {
    let changes = takeChanges()
    let (result, expectations) = try asserting(baseline: changes, operation)
    let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    for message in Self.mismatches(changes: changes, expectations: expectations, exhaustive: true) {
      reportIssue(message, at: location)
    }
    return result
  }
}
