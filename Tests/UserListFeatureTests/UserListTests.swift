import Composable
import ComposableTesting
import Foundation
import Testing
import ErrorHandlingInterface
import ErrorHandlingTesting
import UserClientInterface
import UserClientTesting
import UserListFeature
import UserListInterface
import UserListTesting

@MainActor struct UserListTests {
  private func store(
    _ state: UserList.State = UserList.State(), clock: TestClock = TestClock(),
    client: UserClient = .testValue
  ) -> TestStore<UserList.State, UserList.Action> {
    TestStore(initialState: state) {
      UserList()
    } withDependencies: {
      $0[UserClient.self] = client
      $0.continuousClock = clock
    }
  }

  @Test func appearingLoadsWithAVisibleStatus() async {
    var client = UserClient.testValue
    client.load = { [User.ada, User.grace] }
    let store = store(client: client)
    await store.send(.task) { $0.status = .loading }
    await store.receive(.usersLoaded([User.ada, User.grace])) {
      $0.users = [User.ada, User.grace]
      $0.status = .loaded
    }
    await store.send(.task)
  }

  @Test func aFailedLoadShowsTheErrorAndRetryLoads() async {
    let attempts = LockIsolated(0)
    var client = UserClient.testValue
    client.load = {
      if attempts.withValue({
        $0 += 1; return $0
      }) == 1 {
        throw StubFailure.offline
      }
      return [User.ada]
    }
    let store = store(client: client)
    await store.send(.task) { $0.status = .loading }
    await store.receive(.loadFailed("The data folder is offline.")) {
      $0.status = .failed("The data folder is offline.")
    }
    await store.receive(.delegate(.failed(.offline, retry: .retryTapped)))
    await store.send(.retryTapped) { $0.status = .loading }
    await store.receive(.usersLoaded([User.ada])) {
      $0.users = [User.ada]
      $0.status = .loaded
    }
  }

  @Test func aChangeMadeInAnotherSessionReloadsTheListWithoutShowingLoading() async {
    let stored = LockIsolated([User.ada])
    let (changes, announce) = AsyncStream.makeStream(of: Void.self)
    var client = UserClient.testValue
    client.load = { stored.value }
    client.changesElsewhere = { changes }
    let store = store(client: client)
    await store.send(.task) { $0.status = .loading }
    await store.receive(.usersLoaded([User.ada])) {
      $0.users = [User.ada]
      $0.status = .loaded
    }
    await store.send(.followChangesElsewhere)
    // Another session adds Grace: the list shows her, and never said "Loading…" meanwhile.
    stored.setValue([User.ada, User.grace])
    announce.yield()
    await store.receive(.changedElsewhere)
    await store.receive(.usersLoaded([User.ada, User.grace])) { $0.users = [User.ada, User.grace] }
    // The watch ends with the feed (the shell stops it when the session ends).
    announce.finish()
    await store.finish()
  }

  @Test func aChangeElsewhereDuringALoadStartsNoSecondOneAndAfterAFailureLoadsAgain() async {
    var client = UserClient.testValue
    client.load = { [User.ada] }
    let store = store(
      {
        var state = UserList.State()
        state.status = .loading
        return state
      }(), client: client)
    // The load under way reads the file anyway.
    await store.send(.changedElsewhere)
    await store.send(.loadFailed("The data folder is offline.")) { $0.status = .failed("The data folder is offline.") }
    await store.receive(\.delegate.failed)
    // Someone fixed the folder from another session: the list tries again, showing that it does.
    await store.send(.changedElsewhere) { $0.status = .loading }
    await store.receive(.usersLoaded([User.ada])) {
      $0.users = [User.ada]
      $0.status = .loaded
    }
  }

  @Test func aDamagedListWithARepeatedIdKeepsTheFirst() async {
    let store = store()
    await store.send(.usersLoaded([User.ada, User(id: 1, name: "Impostor", email: "x@example.com")])) {
      $0.users = [User.ada]
      $0.status = .loaded
    }
  }

  @Test func searchFiltersOnceTypingPausesAndOnlyTheLastQueryApplies() async {
    let clock = TestClock()
    let store = store(.loaded([User.ada, User.grace, User.alan]), clock: clock)
    await store.send(.queryChanged("a")) { $0.query = "a" }
    await clock.advance(by: .milliseconds(100))
    await store.send(.queryChanged("al")) { $0.query = "al" }
    await clock.advance(by: .milliseconds(299))
    await store.send(.queryChanged("ala")) { $0.query = "ala" }
    await clock.advance(by: .milliseconds(300))
    await store.receive(.queryApplied("ala")) { $0.appliedQuery = "ala" }
    #expect(store.state.visibleUsers == [User.alan])
  }

  @Test func searchMatchesNameEmailOrCityInAnyCase() {
    var state = UserList.State.loaded([User.ada, User.grace, User.alan])
    state.appliedQuery = "NEW YORK"
    #expect(state.visibleUsers == [User.grace])
    state.appliedQuery = "@example"
    #expect(state.visibleUsers.count == 3)
    state.appliedQuery = "nobody"
    #expect(state.visibleUsers.isEmpty)
  }

  @Test func sortingChangesTheOrder() async {
    let store = store(.loaded([User.ada, User.grace, User.alan]))
    #expect(store.state.visibleUsers == [User.ada, User.alan, User.grace])
    await store.send(.sortChanged(.city)) { $0.$preferences.withLock { $0.sortOrder = .city } }
    #expect(store.state.visibleUsers == [User.ada, User.alan, User.grace])
    await store.send(.sortChanged(.id)) { $0.$preferences.withLock { $0.sortOrder = .id } }
    #expect(store.state.visibleUsers == [User.ada, User.grace, User.alan])
  }

  @Test func favoritesAreSharedState() async {
    let store = store(.loaded([User.ada, User.grace]))
    await store.send(.favoriteToggled(2)) { $0.$favorites.withLock { $0 = [2] } }
    await store.send(.favoriteToggled(2)) { $0.$favorites.withLock { $0 = [] } }
  }

  @Test func deletingRemovesTheUserAndItsFavorite() async {
    let deleted = LockIsolated(0)
    var client = UserClient.testValue
    client.delete = { _ in deleted.withValue { $0 += 1 } }
    let store = store(.loaded([User.ada, User.grace]), client: client)
    await store.send(.favoriteToggled(1)) { $0.$favorites.withLock { $0 = [1] } }
    await store.send(.deleteTapped(1)) { $0.alert = Self.confirmation(for: User.ada) }
    // Nothing is deleted until the alert is confirmed.
    #expect(deleted.value == 0)
    await store.send(.alert(.presented(.confirmDelete(1)))) { $0.alert = nil }
    await store.receive(.deleteConfirmed(1))
    await store.receive(.deleted(1)) {
      $0.users = [User.grace]
      $0.$favorites.withLock { $0 = [] }
    }
    #expect(deleted.value == 1)
  }

  @Test func aFailedDeleteKeepsTheUserAndSaysWhy() async {
    var client = UserClient.testValue
    client.delete = { _ in throw StubFailure.offline }
    let store = store(.loaded([User.ada]), client: client)
    await store.send(.deleteTapped(1)) { $0.alert = Self.confirmation(for: User.ada) }
    await store.send(.alert(.presented(.confirmDelete(1)))) { $0.alert = nil }
    await store.receive(.deleteConfirmed(1))
    await store.receive(.deleteFailed("The data folder is offline.")) {
      $0.errorMessage = "The data folder is offline."
    }
    // The parent gets the request to re-send: deleting the same user, without asking again.
    let report = ErrorReport(
      title: "Could not delete the user.", reason: "The data folder is offline.",
      suggestion: "Check that the data folder is writable, then retry.")
    await store.receive(.delegate(.failed(report, retry: .deleteConfirmed(1))))
  }

  @Test func cancellingTheConfirmationDeletesNothing() async {
    // The test client fails the test if delete is called.
    let store = store(.loaded([User.ada, User.grace]))
    await store.send(.deleteTapped(2)) { $0.alert = Self.confirmation(for: User.grace) }
    await store.send(.alert(.dismiss)) { $0.alert = nil }
    #expect(store.state.users == [User.ada, User.grace])
  }

  @Test func theListAsksWithTheSameWordsAsTheDetail() {
    let confirmation = UserDirectoryRules.deleteConfirmation(for: User.grace)
    #expect(confirmation.title == "Delete Grace Hopper?")
    #expect(confirmation.message == "This removes Grace Hopper from the directory for good.")
    #expect(Self.confirmation(for: User.grace).buttons.map(\.label) == ["Delete", "Cancel"])
  }

  /// The confirmation the list shows before deleting `user`.
  private static func confirmation(for user: User) -> AlertState<UserList.Action.Alert> {
    let words = UserDirectoryRules.deleteConfirmation(for: user)
    return AlertState(
      title: words.title, message: words.message,
      buttons: [.destructive("Delete", action: .confirmDelete(user.id)), .cancel("Cancel")])
  }

  @Test func settingsAndInfoAreAskedOfTheParent() async {
    let store = store(.loaded([User.ada]))
    await store.send(.settingsTapped)
    await store.receive(.delegate(.settingsRequested))
    await store.send(.appInfoTapped)
    await store.receive(.delegate(.appInfoRequested))
  }

  @Test func theSearchFieldPreferenceDecidesWhatASearchMatches() {
    var state = withDependencies({ $0.sharedStorage = SharedStorage(fileSystem: .inMemory()) }) {
      UserList.State.loaded([User.ada, User.grace, User.alan])
    }
    state.appliedQuery = "london"
    #expect(state.visibleUsers.map(\.id) == [1])
    state.$preferences.withLock { $0.searchField = .name }
    #expect(state.visibleUsers.isEmpty)
    state.appliedQuery = "gr"
    #expect(state.visibleUsers.map(\.id) == [2])
    state.$preferences.withLock { $0.searchField = .email }
    state.appliedQuery = "alan@"
    #expect(state.visibleUsers.map(\.id) == [3])
  }

  @Test func selectingARowTellsTheParent() async {
    let store = store(.loaded([User.ada]))
    await store.send(.userTapped(1))
    await store.receive(.delegate(.selected(1)))
  }

  @Test func askingToAddTellsTheParent() async {
    let store = store(.loaded([User.ada]))
    await store.send(.addTapped)
    await store.receive(.delegate(.addRequested))
  }

  @Test func parentsKeepTheListCurrentThroughItsInterface() {
    var state = UserList.State.loaded([User.ada])
    let renamed = User(id: User.ada.id, name: "Ada King", email: User.ada.email, city: User.ada.city)
    let added = User(id: 40, name: "Zed", email: "zed@example.com")
    state.show(saved: renamed)
    state.show(saved: added)
    #expect(Array(state.users) == [renamed, added])
    state.forget(deleted: User.ada.id)
    state.forget(deleted: 99)
    #expect(Array(state.users) == [added])
  }
}

/// Ctrl-C during a slow load: the load stops and the list says so, and a retry loads.
@MainActor struct UserListCancelledLoadTests {
  @Test func aCancelledLoadStopsAndSaysSoAndRetryLoads() async {
    let clock = TestClock()
    let store = TestStore(initialState: UserList.State()) {
      UserList()
    } withDependencies: {
      $0[UserClient.self] = UserClient.inMemory([.ada]).slowed(by: .seconds(2), on: clock)
      $0.continuousClock = clock
    }
    await store.send(.task) { $0.status = .loading }
    await store.send(.loadCancelled) { $0.status = .cancelled }
    // The cancelled load never answers.
    await clock.advance(by: .seconds(5))
    await store.send(.retryTapped) { $0.status = .loading }
    await clock.advance(by: .seconds(2))
    await store.receive(.usersLoaded([.ada])) {
      $0.users = [.ada]
      $0.status = .loaded
    }
  }

  @Test func cancellingWhenNothingLoadsChangesNothing() async {
    let store = TestStore(initialState: UserList.State()) { UserList() }
    await store.send(.loadCancelled)
  }

  @Test func theViewAsksToCancelOnlyWhileLoadingAndSaysWhatToType() {
    var state = UserList.State()
    state.status = .loading
    #expect(UserListView().interruptedActions(in: state) == [.loadCancelled])
    state.status = .cancelled
    #expect(UserListView().interruptedActions(in: state).isEmpty)
    #expect(UserListView().render(state, style: .plain).contains("Loading cancelled. Type 'retry' to load the users."))
    #expect(UserListView().commands(for: state).contains { $0.name == "retry" })
  }
}
