import AppFeature
import Composable
import ComposableTesting
import Testing
import UserClientInterface
import UserClientTesting
import UserDetailFeature
import UserDetailInterface
import UserFormFeature
import UserFormInterface
import UserListFeature
import UserListInterface
import UserListTesting

/// The root with the real children linked, against an in-memory directory: user stories across features.
@MainActor struct AppFeatureIntegrationTests {
  private func store() -> TestStore<AppFeature.State, AppFeature.Action> {
    TestStore(initialState: AppFeature.State()) {
      AppFeature()
    } withDependencies: {
      $0[UserClient.self] = .inMemory([User.ada, User.grace])
      $0.continuousClock = ImmediateClock()
    }
  }

  /// Sends `action` and lets everything it started run to the end.
  private func settle(_ store: TestStore<AppFeature.State, AppFeature.Action>, _ action: AppFeature.Action) async {
    await store.send(action)
    await store.finish()
    await store.skipReceivedActions(strict: false)
  }

  @Test func aChangeInSettingsShowsInTheListWhenItIsBackInFront() async {
    let store = store()
    store.exhaustivity = .off
    await settle(store, .list(.task))
    #expect(store.state.list.shown.users.map(\.name) == ["Ada Lovelace", "Grace Hopper"])
    await settle(store, .list(.settingsTapped))
    await settle(store, .destination(.presented(.settings(.sortOrderChanged(.city)))))
    // Settings is still on screen; the list under it already reads the new order (London < New York).
    #expect(store.state.list.sort == .city)
    await settle(store, .destination(.presented(.settings(.sortOrderChanged(.id)))))
    await settle(store, .destination(.presented(.settings(.searchFieldChanged(.city)))))
    await settle(store, .destination(.presented(.settings(.doneTapped))))
    #expect(store.state.destination == nil)
    // Back in front, the list's question is not the one its page answers: it reads the page again.
    #expect(UserList.view().appearAction(for: store.state.list) == .refresh)
    await settle(store, .list(.refresh))
    #expect(store.state.list.shown.users.map(\.name) == ["Ada Lovelace", "Grace Hopper"])
    await settle(store, .list(.queryApplied("york")))
    #expect(store.state.list.shown.users.map(\.name) == ["Grace Hopper"])
  }

  @Test func openEditAndSaveAUserThenTheListShowsTheChange() async {
    let store = store()
    store.exhaustivity = .off
    await settle(store, .list(.task))
    #expect(store.state.list.shown.users.map(\.id) == [1, 2])
    await settle(store, .list(.userTapped(1)))
    #expect(store.state.path[id: 0] == .detail(UserDetail.State(user: User.ada)))
    await settle(store, .path(.element(id: 0, action: .detail(.editTapped))))
    await settle(store, .path(.element(id: 0, action: .detail(.destination(.presented(.edit(.set(\.city, "Paris"))))))))
    await settle(store, .path(.element(id: 0, action: .detail(.destination(.presented(.edit(.saveTapped)))))))
    let moved = User(id: 1, name: "Ada Lovelace", email: "ada@example.com", city: "Paris")
    #expect(store.state.list.shownUser(1) == moved)
    #expect(store.state.path[id: 0] == .detail(UserDetail.State(user: moved)))
  }

  @Test func deletingFromTheDetailPopsItAndTheListForgetsTheUser() async {
    let store = store()
    store.exhaustivity = .off
    await settle(store, .list(.task))
    await settle(store, .list(.userTapped(2)))
    await settle(store, .path(.element(id: 0, action: .detail(.deleteTapped))))
    #expect(store.state.path.count == 1)
    await settle(store, .path(.element(id: 0, action: .detail(.destination(.presented(.alert(.confirmDelete)))))))
    #expect(store.state.path.isEmpty)
    #expect(store.state.list.shown.users.map(\.id) == [1])
  }

  @Test func addingAUserPresentsTheFormThenShowsTheNewUser() async {
    let store = store()
    store.exhaustivity = .off
    await settle(store, .list(.task))
    await settle(store, .list(.addTapped))
    #expect(store.state.destination == .add(UserForm.State()))
    await settle(store, .destination(.presented(.add(.set(\.name, "Hedy Lamarr")))))
    await settle(store, .destination(.presented(.add(.set(\.email, "hedy@example.com")))))
    await settle(store, .destination(.presented(.add(.saveTapped))))
    let hedy = User(id: 3, name: "Hedy Lamarr", email: "hedy@example.com", city: "")
    #expect(store.state.destination == nil)
    #expect(store.state.path[id: 0] == .detail(UserDetail.State(user: hedy)))
    // The list reads its page again when it is back in front: Hedy is on it then.
    #expect(store.state.list.isOutdated)
    await settle(store, .list(.refresh))
    #expect(store.state.list.shown.users.map(\.id) == [1, 2, 3])
  }
}
