import Dependencies
import Testing

/// A model that makes children from itself, as swift-dependencies' own test of `withDependencies(from:)` has one.
private final class Model {
  @Dependency(\.modelNumber) var number
  @Dependency(\.modelGreeting) var greeting

  func child() -> Model {
    withDependencies(from: self) { Model() }
  }
}

private enum ModelNumberKey: TestDependencyKey {
  static let testValue = 42
}

private enum ModelGreetingKey: TestDependencyKey {
  static let testValue = "goodbye"
}

extension DependencyValues {
  fileprivate var modelNumber: Int {
    get { self[ModelNumberKey.self] }
    set { self[ModelNumberKey.self] = newValue }
  }
  fileprivate var modelGreeting: String {
    get { self[ModelGreetingKey.self] }
    set { self[ModelGreetingKey.self] = newValue }
  }
}

struct ChildModelDependencyTests {
  @Test func overridesFromNestedScopesReachChildrenAndGrandchildrenAndTheCurrentScopeStillWins() {
    #expect(Model().greeting == "goodbye")
    let model = withDependencies {
      $0.modelNumber = 1729
    } operation: {
      withDependencies {
        $0.modelGreeting = "howdy"
      } operation: {
        Model()
      }
    }
    #expect(model.number == 1729)
    #expect(model.greeting == "howdy", "the innermost scope made it: its overrides are the model's")
    let child = model.child()
    let grandchild = child.child()
    for made in [child, grandchild] {
      #expect(made.number == 1729)
      #expect(made.greeting == "howdy", "handed down from the model, and from the child to the grandchild")
      withDependencies {
        $0.modelNumber = 0
        $0.modelGreeting = "cya"
      } operation: {
        #expect(made.number == 0)
        #expect(made.greeting == "cya")
      }
    }
    let greatGrandchild = withDependencies {
      $0.modelNumber = 9000
      $0.modelGreeting = "cool"
    } operation: {
      grandchild.child()
    }
    #expect(greatGrandchild.number == 9000)
    #expect(greatGrandchild.greeting == "cool")
  }
}

/// A client whose test value reads another dependency when called: swift-dependencies' nested resolution.
private struct Outer: TestDependencyKey {
  var value: @Sendable () -> Int
  static var testValue: Outer {
    @Dependency(Inner.self) var inner
    return Outer { inner.value() }
  }
}

private struct Inner: TestDependencyKey {
  var value: @Sendable () -> Int
  static let testValue = Inner { 1729 }
}

/// A model made with an override of what its dependency's default reads.
private struct NestedModel {
  @Dependency(Outer.self) var outer
  @Dependency(Inner.self) var inner
}

struct NestedResolutionTests {
  @Test func aDefaultThatReadsAnotherDependencySeesTheOverridesItIsReadWith() {
    let model = withDependencies {
      $0[Inner.self] = Inner { 1 }
    } operation: {
      NestedModel()
    }
    #expect(model.outer.value() == 1, "the outer default is made with the model's values, as upstream")
    #expect(model.inner.value() == 1)
    withDependencies {
      $0[Inner.self] = Inner { 42 }
    } operation: {
      #expect(model.outer.value() == 42, "inside another scope, its overrides come first")
      #expect(model.inner.value() == 42)
    }
  }
}
