import Foundation
import IssueReporting
import Testing
import XCTest

/// Linking this module turns runtime issues into failures of the running test.
///
/// Swift Testing is asked first (`Test.current` is set for the test's task and the
/// tasks it creates); failing that, XCTest, whose current test this module tracks
/// with an observer. A failure that neither can attribute is also printed to
/// stderr, so it is never lost silently.
extension LinkedTestSupport: TestFailureRecording {
  /// Records `issue` in Swift Testing or XCTest; false when no test is running.
  public static func recordTestFailure(_ issue: RuntimeIssue) -> Bool {
    if Test.current != nil {
      Issue.record(
        Comment(rawValue: issue.message),
        sourceLocation: Testing.SourceLocation(
          fileID: issue.location.fileID, filePath: issue.location.filePath,
          line: Int(issue.location.line), column: Int(max(issue.location.column, 1))))
      return true
    }
    XCTestTracker.install()
    if let testCase = XCTestTracker.currentTestCase {
      #if canImport(ObjectiveC)
        let location = XCTSourceCodeLocation(
          filePath: issue.location.filePath, lineNumber: Int(issue.location.line))
        testCase.record(
          XCTIssue(
            type: .assertionFailure, compactDescription: issue.message,
            sourceCodeContext: XCTSourceCodeContext(location: location)))
      #else
        testCase.recordFailure(
          withDescription: issue.message, inFile: issue.location.filePath,
          atLine: Int(issue.location.line), expected: true)
      #endif
      return true
    }
    if XCTestTracker.mayBeInsideUnseenTest {
      // The observer came after this process's test started (the first issue installs it; `swift test --parallel`
      // runs each XCTest in a process of its own): XCTest itself knows its current test case. Also printed, since
      // outside an XCTest case XCTFail records nothing.
      XCTFail(issue.message, file: issue.location.filePathStaticString, line: issue.location.line)
    }
    return false
  }

  /// The running Swift Testing test's id, else the running XCTest case; nil outside tests.
  public static var currentTestIdentity: AnyHashable? {
    if let test = Test.current { return AnyHashable(test.id) }
    return XCTestTracker.currentTestCase.map { AnyHashable(ObjectIdentifier($0)) }
  }

  /// Whether a Swift Testing or XCTest test is running (or this is a test runner process).
  public static var isRunningTest: Bool {
    if Test.current != nil { return true }
    XCTestTracker.install()
    return XCTestTracker.isRunningTest || XCTestTracker.isTestRunnerProcess
  }
}

/// Follows XCTest's test cases so failures outside Swift Testing land on the right one.
final class XCTestTracker: NSObject, XCTestObservation, @unchecked Sendable {
  private static let shared = XCTestTracker()
  private static let lock = NSLock()
  nonisolated(unsafe) private static var installed = false
  private let stateLock = NSLock()
  private var running: [XCTestCase] = []
  /// Whether the observer has seen a test case start: from then on, `running` is every test case that runs.
  private var hasSeenATestStart = false

  /// Registers the observer once.
  static func install() {
    lock.withLock {
      guard !installed else { return }
      installed = true
      if Thread.isMainThread {
        MainActor.assumeIsolated { XCTestObservationCenter.shared.addTestObserver(shared) }
      } else {
        DispatchQueue.main.async {
          MainActor.assumeIsolated { XCTestObservationCenter.shared.addTestObserver(shared) }
        }
      }
    }
  }

  /// The XCTest test case between its start and finish, if any.
  static var currentTestCase: XCTestCase? { shared.stateLock.withLock { shared.running.last } }

  /// Whether an XCTest test case is running.
  static var isRunningTest: Bool { currentTestCase != nil }

  /// Whether this process is an XCTest bundle runner (any test may be running).
  static let isTestRunnerProcess: Bool = {
    let arguments = ProcessInfo.processInfo.arguments
    let environment = ProcessInfo.processInfo.environment
    return environment["XCTestConfigurationFilePath"] != nil
      || environment["XCTestBundlePath"] != nil
      || arguments.contains { $0.hasSuffix(".xctest") || $0.contains("swiftpm-testing-helper") }
  }()

  /// Whether an XCTest case may be running unseen: this is a test runner, and the observer has seen no test start
  /// (it was installed while one ran).
  static var mayBeInsideUnseenTest: Bool {
    isTestRunnerProcess && !shared.stateLock.withLock { shared.hasSeenATestStart }
  }

  func testCaseWillStart(_ testCase: XCTestCase) {
    stateLock.withLock {
      hasSeenATestStart = true
      running.append(testCase)
    }
  }

  func testCaseDidFinish(_ testCase: XCTestCase) {
    stateLock.withLock { running.removeAll { $0 === testCase } }
  }
}

/// Inside a Swift Testing test, `withExpectedIssue` absorbs what the test records itself, as a known issue.
extension LinkedTestSupport: TestIssueAbsorbing {
  /// Runs `body` inside `withKnownIssue` when a Swift Testing test runs; whether it recorded any issue.
  public static func absorbingTestIssues(_ body: () throws -> Void) throws -> Bool {
    guard Test.current != nil else {
      try body()
      return false
    }
    let recorded = AbsorbedIssues()
    var thrown: (any Error)?
    withKnownIssue(isIntermittent: true) {
      do { try body() } catch { thrown = error }
    } matching: { _ in
      recorded.note()
      return true
    }
    if let thrown { throw thrown }
    return recorded.any
  }

  /// Runs the async `body` inside `withKnownIssue` when a Swift Testing test runs; whether it recorded any issue.
  public static func absorbingTestIssues(
    isolation: isolated (any Actor)?, _ body: () async throws -> Void
  ) async throws -> Bool {
    guard Test.current != nil else {
      try await body()
      return false
    }
    let recorded = AbsorbedIssues()
    var thrown: (any Error)?
    await withKnownIssue(isIntermittent: true, isolation: isolation) {
      do { try await body() } catch { thrown = error }
    } matching: { _ in
      recorded.note()
      return true
    }
    if let thrown { throw thrown }
    return recorded.any
  }
}

/// Whether `withKnownIssue` matched any issue: its matcher may run on another thread.
private final class AbsorbedIssues: @unchecked Sendable {
  private let lock = NSLock()
  private var count = 0

  func note() { lock.withLock { count += 1 } }
  var any: Bool { lock.withLock { count > 0 } }
}
