import ComposableTesting
import Dependencies
import Testing

private enum Base: TestDependencyKey {
  static let testValue = 1
}

/// A default made from another dependency, as a client built on a lower-level one is.
private enum Derived: TestDependencyKey {
  static var testValue: Int {
    @Dependency(Base.self) var base
    return base * 10
  }
}

struct DependencyDefaultsTests {
  @Test func aDefaultThatReadsAnotherDependencyReadsItInTheScopeItIsMadeIn() {
    withDependencies {
      $0[Base.self] = 5
    } operation: {
      @Dependency(Derived.self) var derived
      #expect(derived == 50)
    }
  }

  @Test func aDefaultThatReadsAnotherDependencyReadsItsDefaultWhenNothingOverridesIt() {
    @Dependency(Derived.self) var derived
    #expect(derived == 10)
  }

  @MainActor @Test func aTestStoresDefaultReadsWhatTheStoreOverrides() async {
    let store = TestStore(initialState: ReadsDerived.State()) {
      ReadsDerived()
    } withDependencies: {
      $0[Base.self] = 7
    }
    await store.send(.read) { $0.value = 70 }
  }
}

private struct ReadsDerived: Reducer {
  struct State: Equatable {
    var value = 0
  }

  enum Action: Equatable {
    case read
  }

  @Dependency(Derived.self) var derived

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.value = derived
    return .none
  }
}
