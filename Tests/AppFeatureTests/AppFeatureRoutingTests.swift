import AppFeature
import Composable
import ComposableTesting
import Testing
import UserClientInterface
import UserClientTesting
import UserDetailInterface
import UserFormInterface
import UserListInterface

/// Every delegate route of the root, with stand-in children: the test sends their delegate actions by hand.
@MainActor struct AppFeatureRoutingTests {
  private func store(_ state: AppFeature.State = loadedApp()) -> TestStore<AppFeature.State, AppFeature.Action> {
    TestStore(initialState: state) {
      AppFeature()
    } withDependencies: {
      $0.featureLogic.standIn(UserList.self)
      $0.featureLogic.standIn(UserDetail.self)
      $0.featureLogic.standIn(UserForm.self)
    }
  }

  @Test func selectingAListedUserPushesItsDetailWithTheUser() async {
    let store = store()
    await store.send(.list(.delegate(.selected(2)))) { $0.path[id: 0] = .detail(UserDetail.State(user: User.grace)) }
  }

  @Test func selectingAnUnknownUserPushesADetailThatLoadsIt() async {
    let store = store(AppFeature.State())
    await store.send(.list(.delegate(.selected(7)))) { $0.path[id: 0] = .detail(UserDetail.State(id: 7)) }
  }

  @Test func askingToAddPresentsAnEmptyForm() async {
    let store = store()
    await store.send(.list(.delegate(.addRequested))) { $0.destination = .add(UserForm.State()) }
  }

  @Test func anUpdateFromTheDetailReachesTheList() async {
    let store = store()
    await store.send(.list(.delegate(.selected(1)))) { $0.path[id: 0] = .detail(UserDetail.State(user: User.ada)) }
    let renamed = User(id: 1, name: "Ada King", email: "ada@example.com", city: "London")
    await store.send(.path(.element(id: 0, action: .detail(.delegate(.updated(renamed)))))) {
      $0.list.shown.users[0] = renamed
      $0.list.isOutdated = true
    }
  }

  @Test func aDeleteFromTheDetailRemovesTheUserFromTheList() async {
    let store = store()
    await store.send(.list(.delegate(.selected(1)))) { $0.path[id: 0] = .detail(UserDetail.State(user: User.ada)) }
    await store.send(.path(.element(id: 0, action: .detail(.delegate(.deleted(1)))))) {
      $0.list.shown.users = [User.grace]
      $0.list.isOutdated = true
    }
    // The real detail then dismisses itself, which reaches the root as a pop.
    await store.send(.path(.popFrom(id: 0))) { $0.path.removeAll() }
  }

  @Test func aUserDeletedInAnotherSessionLeavesTheListWhichSaysWhyTheDetailClosed() async {
    let store = store()
    await store.send(.list(.delegate(.selected(1)))) { $0.path[id: 0] = .detail(UserDetail.State(user: User.ada)) }
    await store.send(.path(.element(id: 0, action: .detail(.delegate(.deletedElsewhere(1, name: "Ada Lovelace")))))) {
      $0.list.shown.users = [User.grace]
      $0.list.isOutdated = true
      $0.list.errorMessage = "Ada Lovelace was deleted in another session."
    }
    await store.send(.path(.popFrom(id: 0))) { $0.path.removeAll() }
    // A detail that never loaded its user names it by its id.
    await store.send(.list(.delegate(.selected(2)))) { $0.path[id: 1] = .detail(UserDetail.State(user: User.grace)) }
    await store.send(.path(.element(id: 1, action: .detail(.delegate(.deletedElsewhere(2, name: nil)))))) {
      $0.list.shown.users = []
      $0.list.errorMessage = "User #2 was deleted in another session."
    }
  }

  @Test func aSavedNewUserJoinsTheListAndIsShown() async {
    let store = store()
    await store.send(.list(.delegate(.addRequested))) { $0.destination = .add(UserForm.State()) }
    let added = User(id: 3, name: "Hedy Lamarr", email: "hedy@example.com")
    await store.send(.destination(.presented(.add(.delegate(.saved(added)))))) {
      $0.destination = nil
      $0.list.isOutdated = true
      $0.path[id: 0] = .detail(UserDetail.State(user: added))
    }
  }

  @Test func cancellingTheFormDismissesIt() async {
    let store = store()
    await store.send(.list(.delegate(.addRequested))) { $0.destination = .add(UserForm.State()) }
    await store.send(.destination(.presented(.add(.delegate(.cancelled))))) { $0.destination = nil }
  }

  @Test func theRootIgnoresItsChildrensOwnActions() async {
    let store = store()
    await store.send(.list(.userTapped(1)))
    await store.send(.list(.deleteTapped(1)))
  }
}

/// The app with a loaded list of Ada and Grace.
private func loadedApp() -> AppFeature.State {
  var state = AppFeature.State()
  state.list.shown = UserPage(users: [User.ada, User.grace], offset: 0, matching: 2, total: 2)
  state.list.shownQuery = UserQuery()
  state.list.status = .loaded
  return state
}
