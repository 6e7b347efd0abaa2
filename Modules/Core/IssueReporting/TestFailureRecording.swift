/// What a test-support module provides so runtime issues become test failures.
///
/// The runtime cannot import Testing or XCTest (a production binary must not link
/// them). Instead `ComposableTesting` adds a conformance to `LinkedTestSupport`,
/// and a dynamic cast finds it whenever that module is linked into the process.
public protocol TestFailureRecording {
  /// Records `issue` as a failure of the running test; false when no test is running.
  static func recordTestFailure(_ issue: RuntimeIssue) -> Bool
  /// Whether the current task runs inside a test.
  static var isRunningTest: Bool { get }
  /// Which test the current task runs in (nil outside a test), so each test can get values of its own.
  static var currentTestIdentity: AnyHashable? { get }
}

/// The type that a linked test-support module makes conform to `TestFailureRecording`.
public enum LinkedTestSupport {}

/// The linked test support, looked up once.
nonisolated(unsafe) let linkedTestFailureRecorder: (any TestFailureRecording.Type)? =
  LinkedTestSupport.self as Any as? any TestFailureRecording.Type

/// The test the current task runs in, as far as linked test support can tell; nil outside tests.
public var currentTestIdentity: AnyHashable? {
  linkedTestFailureRecorder?.currentTestIdentity
}

/// Whether code runs inside a Swift Testing or XCTest test, as far as linked test support can tell.
public var isRunningTests: Bool {
  linkedTestFailureRecorder?.isRunningTest ?? false
}

/// What a test-support module provides so that `withExpectedIssue` also absorbs the issues a test records through
/// its framework directly (Swift Testing's `Issue.record`), as issue-reporting's does.
public protocol TestIssueAbsorbing {
  /// Runs `body`, absorbing the issues the running test records in it; whether any came.
  static func absorbingTestIssues(_ body: () throws -> Void) throws -> Bool
  /// Runs the async `body`, absorbing the issues the running test records in it; whether any came.
  static func absorbingTestIssues(
    isolation: isolated (any Actor)?, _ body: () async throws -> Void
  ) async throws -> Bool
}

/// The linked test support's way to absorb a test's own issues, looked up once.
nonisolated(unsafe) let linkedTestIssueAbsorber: (any TestIssueAbsorbing.Type)? =
  LinkedTestSupport.self as Any as? any TestIssueAbsorbing.Type
