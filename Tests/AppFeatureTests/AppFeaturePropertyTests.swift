import AppFeature
import AppInfoClientInterface
import AppInfoClientTesting
import AppInfoFeature
import Composable
import ComposableTesting
import ErrorHandlingFeature
import OnboardingFeature
import SettingsFeature
import Testing
import UserClientInterface
import UserClientTesting
import UserDetailFeature
import UserDetailInterface
import UserFormFeature
import UserListFeature
import UserListInterface

/// The whole app explored: random orders of what a user can do on whatever screen is showing (the list, pushed
/// details, the sheets, the error screen), with every real feature linked and the clients answering in between.
@MainActor struct AppFeaturePropertyTests {
  /// What people type in the app's fields and search.
  private static let typed = ["", "a", "Ada", "grace@example.com", "alan@example.com", "London", "Zurich"]

  private var exploration: Exploration<AppFeature.State, AppFeature.Action> {
    var exploration = Exploration<AppFeature.State, AppFeature.Action>()
    exploration.payload(String.self) { _, random in random.element(of: Self.typed) }
    exploration.weight("list", 4)
    exploration.weight("path", 3)
    exploration.weight("destination", 3)
    exploration.sequences = 500
    exploration.steps = 16
    exploration.seed = 0xA99
    // Saved sessions keep the screens, not the users (they load again), as the list's own exploration says.
    exploration.checksCodableRoundTrip = false
    exploration.invariants = [
      Invariant("a pushed detail shows the user it was opened for") { state, _, _ in
        for id in state.path.ids {
          guard case let .detail(detail)? = state.path[id: id], let user = detail.user, user.id != detail.id else {
            continue
          }
          return "the detail of #\(detail.id.rawValue) shows #\(user.id.rawValue)"
        }
        return nil
      },
      Invariant("a retry waits only while the error screen shows") { state, _, _ in
        state.pendingRetry == nil || state.error != nil ? nil : "a retry is pending with no error screen"
      },
      Invariant("no user appears twice in the list") { state, _, _ in
        Set(state.list.users.ids).count == state.list.users.count ? nil : "two rows have the same id"
      },
    ]
    return exploration
  }

  @Test func anyOrderOfWhatAUserDoesKeepsTheAppConsistent() async {
    let result = await explore(
      exploration, initialState: { AppFeature.State() }, reducer: { AppFeature() },
      withDependencies: { dependencies, _ in
        dependencies.sharedStorage = SharedStorage(fileSystem: .inMemory())
        dependencies[UserClient.self] = .inMemory([.ada, .grace])
        dependencies[AppInfoClient.self] = .capturing(AppInfoClient.sampleEnvironment)
      })
    #expect(result.failure == nil)
    #expect(result.sequences == 500)
  }
}
