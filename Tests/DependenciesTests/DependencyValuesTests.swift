import Composable
import ComposableTesting
import Foundation
import Testing

private struct Greeter: TestDependencyKey {
  var greet: @Sendable (String) -> String
  static let testValue = Greeter(greet: unimplemented("Greeter.greet", placeholder: "?"))
  static let previewValue = Greeter { "Preview, \($0)" }
}

/// A dependency whose value is optional: a feature flag, a signed-in account.
private enum SignedInName: TestDependencyKey {
  static let testValue: String? = "Test user"
  static let previewValue: String? = "Preview user"
}

@MainActor struct DependencyValuesTests {
  @Test func anOptionalDependencyNobodyOverrodeReadsItsDefaultNotNil() {
    #expect(DependencyValues(context: .test)[SignedInName.self] == "Test user")
    #expect(DependencyValues(context: .preview)[SignedInName.self] == "Preview user")
  }

  @Test func anOptionalDependencyOverriddenWithNilReadsNil() {
    let name = withDependencies {
      $0[SignedInName.self] = nil
    } operation: {
      Dependency(SignedInName.self).wrappedValue
    }
    #expect(name == nil)
    let other = withDependencies {
      $0[SignedInName.self] = "Ada"
    } operation: {
      Dependency(SignedInName.self).wrappedValue
    }
    #expect(other == "Ada")
  }

  @Test func builtInsAreControlledInTests() {
    let values = DependencyValues(context: .test)
    #expect(values.uuid() == UUID(uuidString: "00000000-0000-0000-0000-000000000000"))
    #expect(values.uuid() == UUID(uuidString: "00000000-0000-0000-0000-000000000001"))
    #expect(values.date.now == DateGenerator.testDate)
    let first = values.random { Int.random(in: 0..<1_000_000, using: &$0) }
    let again = DependencyValues(context: .test).random { Int.random(in: 0..<1_000_000, using: &$0) }
    #expect(first == again)
  }

  @Test func anUnimplementedEndpointFailsTheTestByName() {
    let values = DependencyValues(context: .test)
    withKnownIssue {
      #expect(values[Greeter.self].greet("Ada") == "?")
    } matching: {
      $0.comments.contains { $0.rawValue.contains("'Greeter.greet' was called") }
    }
  }

  @Test func previewAndOverrideValues() {
    #expect(DependencyValues(context: .preview)[Greeter.self].greet("Ada") == "Preview, Ada")
    let greeting = withDependencies {
      $0[Greeter.self] = Greeter { "Hello, \($0)" }
    } operation: {
      Dependency(Greeter.self).wrappedValue.greet("Ada")
    }
    #expect(greeting == "Hello, Ada")
  }

  @Test func aLiveContextWithoutTheLiveModuleReportsItAndUsesTheTestValue() {
    let (greeter, issues) = collectingIssues { DependencyValues(context: .live)[Greeter.self] }
    #expect(issues.count == 1)
    #expect(issues.first?.message.contains("No live implementation of") == true)
    _ = collectingIssues { greeter.greet("x") }
  }

  @Test func effectsSeeTheDependenciesOfTheStoreThatCreatedThem() async {
    struct Stamp: Reducer {
      @Dependency(\.date) var date
      func reduce(into state: inout [Date], action: Bool) -> Effect<Bool> {
        if action { return .run { send in await send(false) } }
        state.append(date.now)
        return .none
      }
    }
    let fixed = Date(timeIntervalSince1970: 42)
    let store = Store(initialState: [], reducer: Stamp()) { $0.date = .constant(fixed) }
    await store.send(true).finish()
    #expect(store.state == [fixed])
    let modified = Store(initialState: [], reducer: Stamp().dependency(\.date, .constant(.distantPast)))
    modified.send(false)
    #expect(modified.state == [.distantPast])
  }
}
