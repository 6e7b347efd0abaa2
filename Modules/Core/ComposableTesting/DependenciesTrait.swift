import Composable
import Testing

/// A Swift Testing trait that gives each test, and each argument case of a parameterized test, dependencies of
/// its own: fresh test values (their own in-memory storage behind `@Shared`, their own counting UUIDs), changed by
/// the trait's `update`. Without it, the argument cases of one test share the values the test's first read made.
/// A test's own trait adds to its suite's: the suite's changes, then the test's.
///
/// ```swift
/// @Test(.dependencies { $0.uuid = .incrementing }, arguments: [1, 2, 3])
/// func each(count: Int) async { … }
///
/// @Suite(.dependencies) struct FavoritesTests { … }
/// ```
public struct DependenciesTrait: TestTrait, SuiteTrait, TestScoping {
  let update: @Sendable (inout DependencyValues) -> Void

  /// On a suite, every test in it gets its own dependencies.
  public var isRecursive: Bool { true }

  /// Runs a test case (each argument of a parameterized test) with fresh test dependencies changed by `update`.
  public func provideScope(
    for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
  ) async throws {
    guard testCase != nil else { return try await function() }
    // The outermost trait (a suite's) starts from fresh test values; one inside it (the test's own) adds to them.
    var values = Self.isInsideAnother ? DependencyValues.current : DependencyValues(context: .test)
    update(&values)
    try await withDependencyValues(values) {
      try await Self.$isInsideAnother.withValue(true) { try await function() }
    }
  }

  /// Whether a scope of this trait is running around the one being provided.
  @TaskLocal static var isInsideAnother = false
}

extension Trait where Self == DependenciesTrait {
  /// Fresh test dependencies for each test and each argument case.
  public static var dependencies: Self { DependenciesTrait { _ in } }

  /// Fresh test dependencies for each test and each argument case, changed by `update`.
  public static func dependencies(_ update: @escaping @Sendable (inout DependencyValues) -> Void) -> Self {
    DependenciesTrait(update: update)
  }
}
