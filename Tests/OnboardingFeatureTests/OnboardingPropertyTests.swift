import Composable
import ComposableTesting
import OnboardingFeature
import OnboardingInterface
import SettingsInterface
import Testing
import UserClientInterface
import UserClientTesting
import UserListFeature
import UserListInterface

/// The tour explored with random orders of what its user can do on the real list it runs, skips and dones
/// included: the tour only moves forward, and a finished tour is remembered.
@MainActor struct OnboardingPropertyTests {
  private static let order: [Onboarding.Step] = [.search, .open, .favorite, .finished]

  @Test func anyOrderOfWhatAUserDoesMovesTheTourForwardOnly() async {
    var exploration = Exploration<Onboarding.State, Onboarding.Action>()
    exploration.weight("list", 6)
    exploration.sequences = 500
    exploration.steps = 14
    exploration.seed = 0x70C4
    exploration.opensIn = "OnboardingExample"
    // Like the list's own, the tour's saved state keeps the step but not the users (they load again).
    exploration.checksCodableRoundTrip = false
    exploration.invariants = [
      Invariant("the tour moves forward only") { state, previous, _ in
        let now = Self.order.firstIndex(of: state.step)!, before = Self.order.firstIndex(of: previous.step)!
        return now >= before ? nil : "went back from \(previous.step) to \(state.step)"
      },
      .always("a finished tour is remembered") { $0.step != .finished || $0.preferences.onboardingCompleted },
    ]
    let result = await explore(
      exploration, initialState: { Onboarding.State() }, reducer: { Onboarding() },
      withDependencies: { dependencies, _ in
        dependencies.sharedStorage = SharedStorage(fileSystem: .inMemory())
        dependencies[UserClient.self] = .inMemory([.ada, .grace])
      })
    #expect(result.failure == nil)
  }
}
