import Composable
import ComposableTesting
import Foundation
import SettingsInterface
import Testing
import UserClientInterface
import UserClientTesting
import UserListFeature
import UserListInterface
import UserListTesting

/// The list explored with random orders of what its user can do: typing, sorting, paging, starring, deleting,
/// confirming or cancelling, while the load and the deletes answer in between.
@MainActor struct UserListPropertyTests {
  private static let people: [User] = [
    .ada, .grace, User(id: 3, name: "Alan Turing", email: "alan@example.com", city: "Zurich"),
  ]

  /// Every action a user of the list can cause, derived from its types: typing, sorting, paging, starring, opening
  /// and deleting the rows it has, the alert's buttons while it is shown; the load and deletes answer in between.
  private var exploration: Exploration<UserList.State, UserList.Action> {
    var exploration = Exploration<UserList.State, UserList.Action>()
    exploration.weight("queryChanged", 3)
    exploration.sequences = 500
    exploration.steps = 14
    exploration.seed = 0x5EED
    exploration.opensIn = "UserListExample"
    // The session file keeps the list's screen but not its users (they are reloaded from the data file), so the
    // state does not round-trip by design: the exploration found that, and this says it is meant.
    exploration.checksCodableRoundTrip = false
    exploration.invariants = [
      .always("pages count from 1") { $0.page >= 1 },
      .always("rows a page is positive") { $0.rowsPerPage >= 1 },
      Invariant("no user appears twice") { state, _, _ in
        Set(state.shown.users.map(\.id)).count == state.shown.users.count ? nil : "two rows have the same id"
      },
      Invariant("a page holds at most a page of rows") { state, _, _ in
        state.shown.users.count <= state.rowsPerPage || state.shownQuery?.limit != state.rowsPerPage
          ? nil : "\(state.shown.users.count) rows on a page of \(state.rowsPerPage)"
      },
      Invariant("the applied query is the one typed last") { state, _, action in
        guard case let .queryApplied(text) = action, text != state.query else { return nil }
        return "applied \"\(text)\" while the field shows \"\(state.query)\""
      },
    ]
    return exploration
  }

  @Test func anyOrderOfWhatAUserDoesKeepsTheListConsistent() async {
    let result = await explore(
      exploration, initialState: { UserList.State() }, reducer: { UserList() },
      withDependencies: { dependencies, _ in
        dependencies.sharedStorage = SharedStorage(fileSystem: .inMemory())
        dependencies[UserClient.self] = .inMemory(Self.people)
      })
    #expect(result.failure == nil)
  }
}
