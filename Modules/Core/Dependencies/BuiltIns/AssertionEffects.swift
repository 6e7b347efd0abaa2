import IssueReporting

/// `assert`, `assertionFailure` and `precondition` as dependencies: live they stop the process as Swift's do; in
/// tests and previews a failed check is reported as an issue and the code goes on, so a test can prove a check
/// fails (inside `withExpectedIssue`) without crashing its process, as swift-dependencies' do.
public struct AssertionEffect: Sendable {
  private let check: @Sendable (_ condition: () -> Bool, _ message: () -> String, _ location: SourceLocation) -> Void

  /// A check made by `check`, given the condition, the message and where it was called.
  public init(
    _ check: @escaping @Sendable (_ condition: () -> Bool, _ message: () -> String, _ location: SourceLocation) -> Void
  ) {
    self.check = check
  }

  /// Checks `condition`, with `message` said when it fails.
  public func callAsFunction(
    _ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String = String(),
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) {
    check(condition, message, SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Swift's `assert`: stops a debug build, checks nothing in an optimized one.
  public static let assertion = AssertionEffect { condition, message, location in
    Swift.assert(condition(), message(), file: location.filePathStaticString, line: location.line)
  }

  /// Swift's `precondition`: stops debug and optimized builds alike.
  public static let precondition = AssertionEffect { condition, message, location in
    Swift.precondition(condition(), message(), file: location.filePathStaticString, line: location.line)
  }

  /// Reports a failed check as an issue at the caller's line and goes on: what tests and previews use.
  public static let reporting = AssertionEffect { condition, message, location in
    guard !condition() else { return }
    let said = message()
    reportIssue(said.isEmpty ? "A check failed." : "A check failed: \(said)", at: location)
  }
}

/// `assertionFailure` as a dependency: live it stops a debug build as Swift's does; in tests and previews it is
/// reported as an issue.
public struct AssertionFailureEffect: Sendable {
  private let fail: @Sendable (_ message: () -> String, _ location: SourceLocation) -> Void

  /// A failure made by `fail`, given the message and where it was called.
  public init(_ fail: @escaping @Sendable (_ message: () -> String, _ location: SourceLocation) -> Void) {
    self.fail = fail
  }

  /// Fails, saying `message`.
  public func callAsFunction(
    _ message: @autoclosure () -> String = String(),
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) {
    fail(message, SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Swift's `assertionFailure`.
  public static let live = AssertionFailureEffect { message, location in
    Swift.assertionFailure(message(), file: location.filePathStaticString, line: location.line)
  }

  /// Reports the failure as an issue at the caller's line and goes on.
  public static let reporting = AssertionFailureEffect { message, location in
    let said = message()
    reportIssue(said.isEmpty ? "An assertion failed." : "An assertion failed: \(said)", at: location)
  }
}

private enum AssertKey: TestDependencyKey, DependencyKey {
  static let liveValue = AssertionEffect.assertion
  static let previewValue = AssertionEffect.reporting
  static let testValue = AssertionEffect.reporting
}

private enum PreconditionKey: TestDependencyKey, DependencyKey {
  static let liveValue = AssertionEffect.precondition
  static let previewValue = AssertionEffect.reporting
  static let testValue = AssertionEffect.reporting
}

private enum AssertionFailureKey: TestDependencyKey, DependencyKey {
  static let liveValue = AssertionFailureEffect.live
  static let previewValue = AssertionFailureEffect.reporting
  static let testValue = AssertionFailureEffect.reporting
}

extension DependencyValues {
  /// `assert(condition, message)`: Swift's live, reported as an issue in tests and previews.
  public var assert: AssertionEffect {
    get { self[AssertKey.self] }
    set { self[AssertKey.self] = newValue }
  }

  /// `precondition(condition, message)`: Swift's live, reported as an issue in tests and previews.
  public var precondition: AssertionEffect {
    get { self[PreconditionKey.self] }
    set { self[PreconditionKey.self] = newValue }
  }

  /// `assertionFailure(message)`: Swift's live, reported as an issue in tests and previews.
  public var assertionFailure: AssertionFailureEffect {
    get { self[AssertionFailureKey.self] }
    set { self[AssertionFailureKey.self] = newValue }
  }
}
