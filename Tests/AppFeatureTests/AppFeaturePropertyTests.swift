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
    // Deeper: rows opened (the list must have loaded), and the detail's edit form.
    exploration.weight("list.task", 3)
    exploration.weight("list.userTapped", 4)
    exploration.weight("path.detail.editTapped", 3)
    exploration.weight("path.detail.destination.edit.binding", 3)
    // What SwiftUI writes by itself: swipes back on the stack, sheets swiped down, late writes after either.
    exploration.swiftUI(stack: \.path, action: \.path)
    exploration.swiftUI(presentation: \.destination, action: \.destination)
    exploration.swiftUI(presentation: \.error, action: \.error)
    exploration.sequences = 500
    exploration.steps = 16
    exploration.seed = 0xA99
    exploration.opensIn = "users"
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
        Set(state.list.shown.users.map(\.id)).count == state.list.shown.users.count ? nil : "two rows have the same id"
      },
    ]
    return exploration
  }

  /// A directory that fails every third request, as a data folder on a flaky disk does.
  private static func flakyDirectory() -> UserClient {
    let directory = UserClient.inMemory([.ada, .grace])
    let calls = LockIsolated(0)
    @Sendable func failEveryThird() throws {
      let call = calls.withValue { count in
        count += 1
        return count
      }
      if call % 3 == 0 { throw FlakyDiskError() }
    }
    return UserClient(
      load: {
        try failEveryThird()
        return try await directory.load()
      },
      add: {
        try failEveryThird()
        return try await directory.add($0)
      },
      update: {
        try failEveryThird()
        try await directory.update($0, $1)
      },
      delete: {
        try failEveryThird()
        try await directory.delete($0)
      })
  }

  @Test func anyOrderOfWhatAUserDoesWithAFlakyDiskKeepsTheAppConsistent() async {
    var exploration = exploration
    exploration.seed = 0xF1A4
    exploration.opensIn = "users"
    exploration.weight("error", 3)
    let result = await explore(
      exploration, initialState: { AppFeature.State() }, reducer: { AppFeature() },
      withDependencies: { dependencies, _ in
        dependencies.sharedStorage = SharedStorage(fileSystem: .inMemory())
        dependencies[UserClient.self] = Self.flakyDirectory()
        dependencies[AppInfoClient.self] = .capturing(AppInfoClient.sampleEnvironment)
      })
    #expect(result.failure == nil)
    #expect(result.swiftUIWrites["swipe back", default: 0] > 0, "\(result.swiftUIWrites)")
    #expect(result.swiftUIWrites["swiped down", default: 0] > 0, "\(result.swiftUIWrites)")
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
    #expect(result.swiftUIWrites["swipe back", default: 0] > 0, "\(result.swiftUIWrites)")
    #expect(result.swiftUIWrites["swiped down", default: 0] > 0, "\(result.swiftUIWrites)")
  }
}

/// The failure of the flaky directory.
private struct FlakyDiskError: Error, CustomStringConvertible {
  var description: String { "The data folder is offline." }
}
