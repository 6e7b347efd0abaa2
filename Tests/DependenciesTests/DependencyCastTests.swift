import Dependencies
import Testing

private protocol Greeter: Sendable {
  func greet() -> String
}

private struct LiveGreeter: Greeter {
  func greet() -> String { "Hello" }
}

private struct TestGreeter: Greeter {
  var greeting = "Hi, test"
  func greet() -> String { greeting }
}

private enum GreeterKey: DependencyKey {
  static var liveValue: any Greeter { LiveGreeter() }
  static var testValue: any Greeter { TestGreeter() }
}

extension DependencyValues {
  fileprivate var greeter: any Greeter {
    get { self[GreeterKey.self] }
    set { self[GreeterKey.self] = newValue }
  }
}

/// `@Dependency(…, as:)`: a test reads the concrete type it installed behind an existential.
struct DependencyCastTests {
  @Test func aKeyPathDependencyReadsAsTheTypeTheTestInstalled() {
    withDependencies {
      $0.greeter = TestGreeter(greeting: "Hi, Ada")
    } operation: {
      @Dependency(\.greeter, as: TestGreeter.self) var greeter
      #expect(greeter.greeting == "Hi, Ada")
    }
  }

  @Test func aKeyTypeDependencyReadsAsTheTypeTheTestInstalled() {
    withDependencies {
      $0.greeter = TestGreeter(greeting: "Hi, Grace")
    } operation: {
      @Dependency(GreeterKey.self, as: TestGreeter.self) var greeter
      #expect(greeter.greeting == "Hi, Grace")
    }
  }

  @Test func aValueOfAnotherTypeStopsTheProcess() async {
    await #expect(processExitsWith: .failure) {
      withDependencies {
        $0.greeter = LiveGreeter()
      } operation: {
        @Dependency(\.greeter, as: TestGreeter.self) var greeter
        _ = greeter.greet()
      }
    }
  }
}
