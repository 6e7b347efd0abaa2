import Composable
import ComposableExplorer
import UserClientInterface
import UserListInterface

/// How many steps the explorer takes in the (i) scenario: sequences of UserList, each as long as its tests'.
let explorationSequences = 200
/// Steps per sequence.
let explorationSteps = 14

/// (i) The explorer on UserList, as its property test runs it: actions derived from the list's types, a clock
/// advanced at random, an in-memory client answering, every built-in check on. Time per step.
@MainActor func explorationScenario(scale: Int) -> Scenario {
  let sequences = max(explorationSequences / scale, 10)
  var exploration = Exploration<UserList.State, UserList.Action>()
  exploration.sequences = sequences
  exploration.steps = explorationSteps
  exploration.seed = 0xBE7C
  exploration.checksCodableRoundTrip = false
  let people = [
    User(id: 1, name: "Ada Lovelace", email: "ada@example.com", city: "London"),
    User(id: 2, name: "Grace Hopper", email: "grace@example.com", city: "New York"),
  ]
  return Scenario(name: "(i) explorer steps, UserList", operations: sequences * explorationSteps) {
    let result = await explore(
      exploration, initialState: { UserList.State() }, reducer: { UserList() },
      withDependencies: { dependencies, _ in
        dependencies.sharedStorage = SharedStorage(fileSystem: .inMemory())
        dependencies[UserClient.self] = .inMemory(people)
      })
    precondition(result.failure == nil && result.steps == sequences * explorationSteps, "the exploration failed")
    blackHole(result.steps)
  }
}
