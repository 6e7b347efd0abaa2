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
  /// The value used outside tests and previews.
  static var liveValue: Value { get }
}

extension DependencyKey {
  /// A key declared with only a live value uses it in previews too.
  public static var previewValue: Value { liveValue }
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
