import Dependencies
import Testing

/// A stateful default: a new box every time the key's test value is made.
private final class Box: Sendable {}

private enum BoxKey: TestDependencyKey {
  static var testValue: Box { Box() }
}

/// Outside any store or `withDependencies`, each test sees defaults of its own, so tests running in parallel
/// never share a stateful default (the in-memory files behind `@Shared` are one).
struct TestScopedDefaultsTests {
  @Test func aTestKeepsOneSetOfDefaultsThatNoOtherTaskOutsideItShares() async {
    let first = DependencyValues.current[BoxKey.self]
    let again = DependencyValues.current[BoxKey.self]
    #expect(first === again)
    // A detached task is outside this test: it sees the process's defaults, not this test's.
    let outside = await Task.detached { DependencyValues.current[BoxKey.self] }.value
    #expect(outside !== first)
  }
}
