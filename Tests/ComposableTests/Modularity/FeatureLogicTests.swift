import Composable
import ComposableTesting
import Testing

/// An Interface-style feature: state, actions with a delegate, and a body that defers to linked logic.
struct Greeter: Reducer {
  struct State: Equatable {
    var greeting = ""
  }

  enum Action: Equatable, CasePathable {
    case greet(String)
    case delegate(Delegate)

    enum Delegate: Equatable { case greeted(String) }
  }

  var body: some ReducerOf<Self> { FeatureLogic(Self.self) }
}

/// What an Implementation module adds: the conformance that supplies the logic.
extension Greeter: LinkedFeatureLogic {
  static func logic() -> Reduce<State, Action> {
    Reduce { state, action in
      switch action {
      case let .greet(name):
        state.greeting = "Hello, \(name)!"
        return .send(.delegate(.greeted(name)))
      case .delegate:
        return .none
      }
    }
  }
}

/// An Interface whose Implementation is not linked.
struct Orphan: Reducer {
  typealias State = Int
  typealias Action = Int
  var body: some ReducerOf<Self> { FeatureLogic(Self.self) }
}

@MainActor struct FeatureLogicTests {
  @Test func theLinkedImplementationRuns() async {
    let store = TestStore(initialState: Greeter.State()) { Greeter() }
    await store.send(.greet("Ada")) { $0.greeting = "Hello, Ada!" }
    await store.receive(.delegate(.greeted("Ada")))
  }

  @Test func aStandInReplacesItSoAParentTestDrivesDelegatesByHand() async {
    let store = TestStore(initialState: Greeter.State()) {
      Greeter()
    } withDependencies: {
      $0.featureLogic.standIn(Greeter.self)
    }
    await store.send(.greet("Ada"))
    await store.send(.delegate(.greeted("Grace")))
  }

  @Test func aCustomStandInRuns() async {
    let store = TestStore(initialState: Greeter.State()) {
      Greeter()
    } withDependencies: {
      $0.featureLogic[Greeter.self] = Reduce { state, _ in
        state.greeting = "stand-in"
        return .none
      }
    }
    await store.send(.greet("Ada")) { $0.greeting = "stand-in" }
  }

  @Test func aMissingImplementationIsAnIssueNamingTheFeature() async {
    let store = TestStore(initialState: 0) { Orphan() }
    await withKnownIssue {
      await store.send(1)
    } matching: {
      $0.description.contains("No implementation of the feature 'Orphan' is linked")
    }
  }
}
