import IssueReporting

/// A dependency's key with the values used in tests and previews; enough for an Interface module.
///
/// A client's Interface module conforms to this; its Live module adds the
/// `DependencyKey` conformance with `liveValue`, which the runtime finds by a
/// dynamic cast as soon as that module is linked into the executable.
public protocol TestDependencyKey: SendableMetatype {
  /// The type of the dependency's value.
  associatedtype Value: Sendable = Self
  /// The value used in tests; usually one whose endpoints fail the test when called.
  static var testValue: Value { get }
  /// The value used in previews and Example executables; defaults to `testValue`.
  static var previewValue: Value { get }
}

extension TestDependencyKey {
  /// By default previews use the test value.
  public static var previewValue: Value { testValue }
}

/// A key that also has the value used by the running app.
public protocol DependencyKey: TestDependencyKey {
  /// The type of the dependency's value, inferred from `liveValue` when the key declares only that.
  associatedtype Value = Self
  /// The value used outside tests and previews.
  static var liveValue: Value { get }
  // Restated, so that a key declaring only `liveValue` has its value type inferred from it.
  /// The value used in previews; defaults to `liveValue`.
  static var previewValue: Value { get }
  /// The value used in tests; defaults to `liveValue`, reported.
  static var testValue: Value { get }
}

extension DependencyKey {
  /// A key declared with only a live value uses it in previews too.
  public static var previewValue: Value { liveValue }

  /// A key declared without a test value uses its preview value in tests (its live value when it declares no
  /// preview value either), as swift-dependencies does, and says so: a test should decide what the dependency does
  /// (a `testValue` that fails when called, or an override), not reach the live world unseen.
  public static var testValue: Value {
    // Read while `withDependencies` is about to replace it: not a use of the live value.
    if !DependencyUpdate.isRunning {
      let site = DependencyReadSite.current
      reportIssue(
        """
        \(typeName(Self.self)) has no test value, so a test used its preview value (its live value, unless it \
        declares a 'previewValue'). Give it a 'testValue' (one that fails when called is usual), or override it \
        in the test with 'withDependencies'.
        """,
        at: site.map { SourceLocation(fileID: $0.fileID, filePath: $0.filePath, line: $0.line) }
          ?? SourceLocation(fileID: #fileID, filePath: #filePath, line: #line))
    }
    return previewValue
  }
}

/// The three worlds a dependency can come from.
public enum DependencyContext: String, Sendable {
  /// The running app: real clients, real clocks.
  case live
  /// Previews and Example executables: canned data, no side effects.
  case preview
  /// Tests: controlled values, and a failure for anything not overridden.
  case test
}
