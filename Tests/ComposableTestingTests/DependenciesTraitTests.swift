import ComposableTesting
import Testing

private enum Greeting: TestDependencyKey {
  static let testValue = "hello"
}

private enum Volume: TestDependencyKey {
  static let testValue = 1
}

/// A suite's `.dependencies` and a test's own, together.
@Suite(.dependencies { $0[Greeting.self] = "suite" })
struct DependenciesTraitTests {
  @Test func aTestInTheSuiteSeesTheSuitesValues() {
    #expect(DependencyValues.current[Greeting.self] == "suite")
    #expect(DependencyValues.current[Volume.self] == 1)
  }

  @Test(.dependencies { $0[Volume.self] = 11 })
  func aTestsOwnTraitAddsToItsSuites() {
    #expect(DependencyValues.current[Greeting.self] == "suite")
    #expect(DependencyValues.current[Volume.self] == 11)
  }

  @Test(.dependencies { $0[Greeting.self] = "test" })
  func theTestsOwnTraitWinsOverItsSuites() {
    #expect(DependencyValues.current[Greeting.self] == "test")
  }
}
