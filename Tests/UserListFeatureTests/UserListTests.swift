import Composable
import ComposableTesting
import Foundation
import Testing
import ErrorHandlingInterface
import ErrorHandlingTesting
import UserClientInterface
import UserDetailInterface
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

  /// The first page of the default list: every user in name order, twenty a page.
  private static let firstPage = UserQuery()

  @Test func appearingReadsTheFirstPageWithAVisibleStatus() async {
    var client = UserClient.testValue
    client.page = { $0.answer(over: [User.ada, User.grace]) }
    let store = store(client: client)
    await store.send(.task) { $0.status = .loading }
    await store.receive(.pageLoaded(Self.firstPage, Self.firstPage.answer(over: [User.ada, User.grace]))) {
      $0.shown = UserPage(users: [User.ada, User.grace], offset: 0, matching: 2, total: 2)
      $0.shownQuery = Self.firstPage
      $0.status = .loaded
    }
    await store.send(.task)
  }

  @Test func aFailedLoadShowsTheErrorAndRetryLoads() async {
    let attempts = LockIsolated(0)
    var client = UserClient.testValue
    client.page = { query in
      if attempts.withValue({
        $0 += 1; return $0
      }) == 1 {
        throw StubFailure.offline
      }
      return query.answer(over: [User.ada])
    }
    let store = store(client: client)
    await store.send(.task) { $0.status = .loading }
    await store.receive(.loadFailed("The data folder is offline.")) {
      $0.status = .failed("The data folder is offline.")
    }
    await store.receive(.delegate(.failed(.offline, retry: .retryTapped)))
    await store.send(.retryTapped) { $0.status = .loading }
    await store.receive(\.pageLoaded) {
      $0.shown = UserPage(users: [User.ada], offset: 0, matching: 1, total: 1)
      $0.shownQuery = Self.firstPage
      $0.status = .loaded
    }
  }

  @Test func aChangeMadeInAnotherSessionReadsThePageAgainWithoutShowingLoading() async {
    let stored = LockIsolated([User.ada])
    let (changes, announce) = AsyncStream.makeStream(of: Void.self)
    var client = UserClient.testValue
    client.page = { $0.answer(over: stored.value) }
    client.changesElsewhere = { changes }
    let store = store(client: client)
    await store.send(.task) { $0.status = .loading }
    await store.receive(\.pageLoaded) {
      $0.shown = UserPage(users: [User.ada], offset: 0, matching: 1, total: 1)
      $0.shownQuery = Self.firstPage
      $0.status = .loaded
    }
    await store.send(.followChangesElsewhere)
    // Another session adds Grace: the list shows her, and never said "Loading…" meanwhile.
    stored.setValue([User.ada, User.grace])
    announce.yield()
    await store.receive(.directoryChanged)
    await store.receive(\.pageLoaded) {
      $0.shown = UserPage(users: [User.ada, User.grace], offset: 0, matching: 2, total: 2)
    }
    // The watch ends with the feed (the shell stops it when the session ends).
    announce.finish()
    await store.finish()
  }

  @Test func aChangeElsewhereDuringALoadStartsNoSecondOneAndAfterAFailureLoadsAgain() async {
    var client = UserClient.testValue
    client.page = { $0.answer(over: [User.ada]) }
    let store = store(
      {
        var state = UserList.State()
        state.status = .loading
        return state
      }(), client: client)
    // The load under way reads the directory anyway.
    await store.send(.directoryChanged)
    await store.send(.loadFailed("The data folder is offline.")) { $0.status = .failed("The data folder is offline.") }
    await store.receive(\.delegate.failed)
    // Someone fixed the folder from another session: the list tries again, showing that it does.
    await store.send(.directoryChanged) { $0.status = .loading }
    await store.receive(\.pageLoaded) {
      $0.shown = UserPage(users: [User.ada], offset: 0, matching: 1, total: 1)
      $0.shownQuery = Self.firstPage
      $0.status = .loaded
    }
  }

  @Test func aRowOfAnotherPageIsReadThenActedOn() async {
    let users = (1...30).map { User(id: User.ID($0), name: "User \($0 + 10)", email: "u\($0)@example.com") }
    var client = UserClient.testValue
    client.page = UserClient.page(among: { users })
    let store = store(.loaded(users), client: client)
    await store.send(.rowRequested(25, .open))
    await store.receive(.rowRead(row: 25, .open, users[24]))
    await store.receive(.userTapped(25))
    await store.receive(.delegate(.selected(25)))
    await store.send(.rowRequested(30, .favorite))
    await store.receive(.rowRead(row: 30, .favorite, users[29]))
    await store.receive(.favoriteToggled(30)) { $0.$favorites.withLock { $0 = [30] } }
    await store.send(.rowRequested(21, .delete))
    await store.receive(.rowRead(row: 21, .delete, users[20])) { $0.alert = Self.confirmation(for: users[20]) }
    await store.send(.alert(.dismiss)) { $0.alert = nil }
    // A row gone meanwhile (another session deleted users) is said, not acted on.
    await store.send(.rowRequested(31, .open))
    await store.receive(.rowRead(row: 31, .open, nil)) { $0.errorMessage = "Row 31 is no longer in the list." }
  }

  @Test func anAnswerToAQuestionNoLongerAskedIsDropped() async {
    let store = store(.loaded([User.ada, User.grace]))
    let stale = UserQuery(search: "old")
    await store.send(.pageLoaded(stale, UserPage(users: [User.grace], offset: 0, matching: 1, total: 2)))
  }

  @Test func searchReadsThePageOnceTypingPausesAndOnlyTheLastQueryApplies() async {
    let clock = TestClock()
    var client = UserClient.testValue
    client.page = { $0.answer(over: [User.ada, User.grace, User.alan]) }
    let store = store(.loaded([User.ada, User.grace, User.alan]), clock: clock, client: client)
    await store.send(.queryChanged("a")) { $0.query = "a" }
    await clock.advance(by: .milliseconds(100))
    await store.send(.queryChanged("al")) { $0.query = "al" }
    await clock.advance(by: .milliseconds(299))
    await store.send(.queryChanged("ala")) { $0.query = "ala" }
    await clock.advance(by: .milliseconds(300))
    await store.receive(.queryApplied("ala")) { $0.appliedQuery = "ala" }
    let asked = UserQuery(search: "ala")
    await store.receive(.pageLoaded(asked, asked.answer(over: [User.ada, User.grace, User.alan]))) {
      $0.shown = UserPage(users: [User.alan], offset: 0, matching: 1, total: 3)
      $0.shownQuery = asked
    }
  }

  @Test func aSubmittedSearchAppliesAtOnceAndReplacesATypedOneStillWaiting() async {
    let clock = TestClock()
    var client = UserClient.testValue
    client.page = { $0.answer(over: [User.ada, User.grace, User.alan]) }
    let store = store(.loaded([User.ada, User.grace, User.alan]), clock: clock, client: client)
    await store.send(.queryChanged("a")) { $0.query = "a" }
    // A command line is a whole query: no pause to wait for, on no clock.
    await store.send(.querySubmitted("gr")) { $0.query = "gr" }
    await store.receive(.queryApplied("gr")) { $0.appliedQuery = "gr" }
    let asked = UserQuery(search: "gr")
    await store.receive(.pageLoaded(asked, asked.answer(over: [User.ada, User.grace, User.alan]))) {
      $0.shown = UserPage(users: [User.grace], offset: 0, matching: 1, total: 3)
      $0.shownQuery = asked
    }
    // The typed "a" was cancelled: its pause ends with nothing applied.
    await clock.advance(by: .seconds(1))
  }

  @Test func sortingReadsThePageInTheNewOrderFromTheFirstPage() async {
    var client = UserClient.testValue
    client.page = { $0.answer(over: [User.ada, User.grace, User.alan]) }
    var state = UserList.State.loaded([User.ada, User.grace, User.alan])
    state.page = 1
    let store = store(state, client: client)
    #expect(store.state.shown.users == [User.ada, User.alan, User.grace])
    await store.send(.sortChanged(.id)) { $0.$preferences.withLock { $0.sortOrder = .id } }
    await store.receive(\.pageLoaded) {
      $0.shown.users = [User.ada, User.grace, User.alan]
      $0.shownQuery = UserQuery(order: .id)
    }
  }

  @Test func aPagePastTheEndOfAShorterListShowsItsLastPage() async {
    let users = (1...25).map { User(id: User.ID($0), name: "User \($0)", email: "u\($0)@example.com") }
    let stored = LockIsolated(users)
    var client = UserClient.testValue
    client.page = { $0.answer(over: stored.value) }
    var state = UserList.State.loaded(users)
    state.rowsPerPage = 10
    let store = store(state, client: client)
    await store.send(.pageShown(3)) { $0.page = 3 }
    await store.receive(\.pageLoaded) {
      $0.shown = UserQuery(order: .name, offset: 20, limit: 10).answer(over: users)
      $0.shownQuery = UserQuery(offset: 20, limit: 10)
    }
    // Another session deletes ten users: page 3 is past the end, so the list shows the last page there is.
    stored.setValue(Array(users.prefix(15)))
    await store.send(.directoryChanged)
    await store.receive(\.pageLoaded) {
      $0.shown = UserPage(users: [], offset: 15, matching: 15, total: 15)
      $0.page = 2
    }
    await store.receive(\.pageLoaded) {
      $0.shown = UserQuery(offset: 10, limit: 10).answer(over: Array(users.prefix(15)))
      $0.shownQuery = UserQuery(offset: 10, limit: 10)
    }
  }

  @Test func favoritesAreSharedState() async {
    let store = store(.loaded([User.ada, User.grace]))
    await store.send(.favoriteToggled(2)) { $0.$favorites.withLock { $0 = [2] } }
    await store.send(.favoriteToggled(2)) { $0.$favorites.withLock { $0 = [] } }
  }

  @Test func deletingRemovesTheUserAndItsFavoriteAndReadsThePageAgain() async {
    let deleted = LockIsolated(0)
    var client = UserClient.testValue
    client.delete = { _ in deleted.withValue { $0 += 1 } }
    client.page = { $0.answer(over: [User.grace]) }
    let store = store(.loaded([User.ada, User.grace]), client: client)
    await store.send(.favoriteToggled(1)) { $0.$favorites.withLock { $0 = [1] } }
    await store.send(.deleteTapped(1)) { $0.alert = Self.confirmation(for: User.ada) }
    // Nothing is deleted until the alert is confirmed.
    #expect(deleted.value == 0)
    await store.send(.alert(.presented(.confirmDelete(1)))) { $0.alert = nil }
    await store.receive(.deleteConfirmed(1))
    await store.receive(.deleted(1)) {
      $0.shown.users = [User.grace]
      $0.$favorites.withLock { $0 = [] }
    }
    await store.receive(\.pageLoaded) {
      $0.shown = UserPage(users: [User.grace], offset: 0, matching: 1, total: 1)
    }
    #expect(deleted.value == 1)
  }

  @Test func aUserAnotherSessionDeletedFirstIsDeletedWithoutAnError() async {
    var client = UserClient.testValue
    client.delete = { throw UserClientError.notFound($0) }
    client.page = { $0.answer(over: [User.grace]) }
    let store = store(.loaded([User.ada, User.grace]), client: client)
    await store.send(.deleteTapped(1)) { $0.alert = Self.confirmation(for: User.ada) }
    await store.send(.alert(.presented(.confirmDelete(1)))) { $0.alert = nil }
    await store.receive(.deleteConfirmed(1))
    await store.receive(.deleted(1)) { $0.shown.users = [User.grace] }
    await store.receive(\.pageLoaded) {
      $0.shown = UserPage(users: [User.grace], offset: 0, matching: 1, total: 1)
    }
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
    #expect(store.state.shown.users == [User.ada, User.grace])
  }

  @Test func theListAsksWithTheSameWordsAsTheDetail() {
    let confirmation = UserDetail.deleteConfirmation(for: User.grace)
    #expect(confirmation.title == "Delete Grace Hopper?")
    #expect(confirmation.message == "This removes Grace Hopper from the directory for good.")
    #expect(Self.confirmation(for: User.grace).buttons.map(\.label) == ["Delete", "Cancel"])
  }

  /// The confirmation the list shows before deleting `user`.
  private static func confirmation(for user: User) -> AlertState<UserList.Action.Alert> {
    let words = UserDetail.deleteConfirmation(for: user)
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

  @Test func theListAsksWithItsSearchInThePreferredFieldAndOrderForThePageShown() {
    var state = withDependencies({ $0.sharedStorage = SharedStorage(fileSystem: .inMemory()) }) {
      UserList.State.loaded([User.ada, User.grace, User.alan])
    }
    state.appliedQuery = "london"
    state.$preferences.withLock {
      $0.searchField = .city
      $0.sortOrder = .id
    }
    state.rowsPerPage = 7
    state.page = 3
    #expect(state.pageQuery == UserQuery(search: "london", field: .city, order: .id, offset: 14, limit: 7))
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
    var state = UserList.State.loaded([User.ada, User.grace])
    let renamed = User(id: User.ada.id, name: "Ada King", email: User.ada.email, city: User.ada.city)
    let added = User(id: 40, name: "Zed", email: "zed@example.com")
    state.show(saved: renamed)
    // Shown at once where it was; the page is read again when the list is back in front (order, a newcomer).
    #expect(state.shown.users == [renamed, User.grace])
    #expect(state.isOutdated)
    #expect(UserList.view().appearAction(for: state) == .refresh)
    state.isOutdated = false
    state.show(saved: added)
    #expect(state.shown.users == [renamed, User.grace])
    #expect(state.isOutdated)
    state.forget(deleted: User.ada.id)
    state.forget(deleted: 99)
    #expect(state.shown.users == [User.grace])
  }

  @Test func comingBackToAnOutdatedListReadsItsPageAgainQuietly() async {
    var client = UserClient.testValue
    client.page = { $0.answer(over: [User.grace, User.alan]) }
    var state = UserList.State.loaded([User.ada, User.grace])
    state.forget(deleted: User.ada.id)
    let store = store(state, client: client)
    await store.send(.refresh)
    await store.receive(\.pageLoaded) {
      $0.shown = UserPage(users: [User.alan, User.grace], offset: 0, matching: 2, total: 2)
      $0.isOutdated = false
    }
    // Not loaded yet: appearing loads, a refresh waits for it.
    let fresh = self.store()
    await fresh.send(.refresh)
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
    await store.receive(\.pageLoaded) {
      $0.shown = UserPage(users: [.ada], offset: 0, matching: 1, total: 1)
      $0.shownQuery = UserQuery()
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
    #expect(UserList.view().interruptedActions(in: state) == [.loadCancelled])
    state.status = .cancelled
    #expect(UserList.view().interruptedActions(in: state).isEmpty)
    #expect(UserListView().render(state, style: .plain).contains("Loading cancelled. Type 'retry' to load the users."))
    #expect(UserListView().commands(for: state).contains { $0.name == "retry" })
  }
}
