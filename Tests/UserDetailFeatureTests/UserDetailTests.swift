import Composable
import ErrorHandlingInterface
import ComposableTesting
import Foundation
import Testing
import UserClientInterface
import UserClientTesting
import UserDetailFeature
import UserDetailInterface
import UserFormInterface

private func loadReport(_ reason: String) -> ErrorReport {
  ErrorReport(
    title: "Could not load user #1.", reason: reason,
    suggestion: "Go back to the list and open the user again, or retry.")
}

@MainActor struct UserDetailTests {
  private func store(
    _ state: UserDetail.State = UserDetail.State(user: User.ada), client: UserClient = .testValue,
    dependencies: @escaping (inout DependencyValues) -> Void = { _ in }
  ) -> TestStore<UserDetail.State, UserDetail.Action> {
    TestStore(initialState: state) {
      UserDetail()
    } withDependencies: {
      $0[UserClient.self] = client
      dependencies(&$0)
    }
  }

  @Test func anotherSessionsEditShowsAndItsDeleteSaysSo() async {
    let renamed = User(id: 1, name: "Ada King", email: "ada@example.com", city: "London")
    let stored = LockIsolated([User.ada])
    let (changes, announce) = AsyncStream.makeStream(of: Void.self)
    var client = UserClient.testValue
    client.load = { stored.value }
    client.changesElsewhere = { changes }
    let store = store(client: client)
    await store.send(.followChangesElsewhere)
    stored.setValue([renamed])
    announce.yield()
    await store.receive(.changedElsewhere)
    await store.receive(.userLoaded(renamed)) { $0.user = renamed }
    stored.setValue([])
    announce.yield()
    await store.receive(.changedElsewhere)
    await store.receive(.loadFailed("Another session deleted user #1.")) {
      $0.status = .failed("Another session deleted user #1.")
    }
    await store.receive(\.delegate.failed)
    announce.finish()
    await store.finish()
  }

  @Test func openedByIDItLoadsTheUser() async {
    var client = UserClient.testValue
    client.load = { [User.ada, User(id: 2, name: "Grace", email: "grace@example.com")] }
    let store = store(UserDetail.State(id: 1), client: client)
    await store.send(.task) { $0.status = .loading }
    await store.receive(.userLoaded(User.ada)) {
      $0.user = User.ada
      $0.status = .loaded
    }
  }

  @Test func openedWithTheUserItDoesNotLoad() async {
    let store = store()
    await store.send(.task)
  }

  @Test func aUserThatIsGoneIsAFailureThatCanBeRetried() async {
    let calls = LockIsolated(0)
    var client = UserClient.testValue
    client.load = {
      calls.withValue { $0 += 1 }
      if calls.value == 1 { return [] }
      if calls.value == 2 { throw StubFailure.offline }
      return [User.ada]
    }
    let store = store(UserDetail.State(id: 1), client: client)
    await store.send(.task) { $0.status = .loading }
    await store.receive(.loadFailed("There is no user #1 any more.")) {
      $0.status = .failed("There is no user #1 any more.")
    }
    await store.receive(.delegate(.failed(loadReport("There is no user #1 any more."), retry: .retryTapped)))
    await store.send(.retryTapped) { $0.status = .loading }
    await store.receive(.loadFailed("The data folder is offline.")) {
      $0.status = .failed("The data folder is offline.")
    }
    await store.receive(.delegate(.failed(loadReport("The data folder is offline."), retry: .retryTapped)))
    await store.send(.retryTapped) { $0.status = .loading }
    await store.receive(.userLoaded(User.ada)) {
      $0.user = User.ada
      $0.status = .loaded
    }
  }

  @Test func favoriteIsTheSharedValue() async {
    let store = store()
    await store.send(.favoriteToggled) { $0.$favorites.withLock { $0 = [1] } }
    #expect(store.state.isFavorite)
    await store.send(.favoriteToggled) { $0.$favorites.withLock { $0 = [] } }
  }

  @Test func deletingAsksFirstThenDeletesTellsTheParentAndDismisses() async {
    let deleted = LockIsolated<[User.ID]>([])
    let dismissed = LockIsolated(0)
    var client = UserClient.testValue
    client.delete = { id in deleted.withValue { $0.append(id) } }
    let store = store(client: client) {
      $0.dismiss = DismissEffect { dismissed.withValue { $0 += 1 } }
    }
    await store.send(.favoriteToggled) { $0.$favorites.withLock { $0 = [1] } }
    await store.send(.deleteTapped) {
      $0.alert = AlertState(
        title: "Delete Ada Lovelace?",
        message: "This removes Ada Lovelace from the directory for good.",
        buttons: [.destructive("Delete", action: .confirmDelete), .cancel("Cancel")])
    }
    await store.send(.alert(.presented(.confirmDelete))) {
      $0.alert = nil
      $0.isDeleting = true
    }
    await store.receive(.deleted) {
      $0.isDeleting = false
      $0.$favorites.withLock { $0 = [] }
    }
    await store.receive(.delegate(.deleted(1)))
    await store.finish()
    #expect(deleted.value == [1])
    #expect(dismissed.value == 1)
  }

  @Test func cancellingTheConfirmationDeletesNothing() async {
    let store = store()
    await store.send(.deleteTapped) {
      $0.alert = AlertState(
        title: "Delete Ada Lovelace?",
        message: "This removes Ada Lovelace from the directory for good.",
        buttons: [.destructive("Delete", action: .confirmDelete), .cancel("Cancel")])
    }
    await store.send(.alert(.dismiss)) { $0.alert = nil }
  }

  @Test func aFailedDeleteStaysAndSaysWhy() async {
    var client = UserClient.testValue
    client.delete = { _ in throw StubFailure.offline }
    var state = UserDetail.State(user: User.ada)
    state.alert = AlertState(title: "Delete Ada Lovelace?")
    let store = store(state, client: client)
    await store.send(.alert(.presented(.confirmDelete))) {
      $0.alert = nil
      $0.isDeleting = true
    }
    await store.receive(.deleteFailed("The data folder is offline.")) {
      $0.isDeleting = false
      $0.errorMessage = "Could not delete: The data folder is offline."
    }
    // Retrying a delete asks for confirmation again.
    let report = ErrorReport(
      title: "Could not delete Ada Lovelace.", reason: "The data folder is offline.",
      suggestion: "Check that the data folder is writable, then retry.")
    await store.receive(.delegate(.failed(report, retry: .deleteTapped)))
  }

  @Test func aFailedSaveInTheEditFormReachesTheParentAsThisScreensFailure() async {
    var client = UserClient.testValue
    client.update = { _, _ in throw StubFailure.offline }
    let store = store(client: client)
    await store.send(.editTapped) { $0.edit = UserForm.State(editing: User.ada) }
    await store.send(.edit(.presented(.saveTapped))) { $0.edit?.isSaving = true }
    await store.receive(.edit(.presented(.saveFailed("The data folder is offline.")))) {
      $0.edit?.isSaving = false
      $0.edit?.saveError = "The data folder is offline."
    }
    let report = ErrorReport(
      title: "Could not save Ada Lovelace.", reason: "The data folder is offline.",
      suggestion: "Check that the data folder is writable, then retry; the form keeps what you typed.")
    await store.receive(.edit(.presented(.delegate(.failed(report, retry: .saveTapped)))))
    // The parent re-sends the request through this screen, to the form.
    await store.receive(.delegate(.failed(report, retry: .edit(.presented(.saveTapped)))))
  }

  @Test func restorationSettlesWorkInFlight() {
    var state = withDependencies({ $0.sharedStorage = SharedStorage(fileSystem: .inMemory()) }) {
      UserDetail.State(user: User.ada)
    }
    state.status = .loading
    state.isDeleting = true
    state.edit = UserForm.State(editing: User.ada)
    state.edit?.isSaving = true
    state.prepareForRestoration()
    #expect(state.status == .idle)
    #expect(state.isDeleting == false)
    #expect(state.edit?.isSaving == false)
    #expect(UserDetailView().appearAction(for: state) == .task)
  }

  @Test func editingWithTheRealFormUpdatesTheUserAndTellsTheParent() async {
    let saved = User(id: 1, name: "Ada King", email: "ada@example.com", city: "London")
    var client = UserClient.testValue
    client.update = { edited, _ in #expect(edited == saved) }
    let store = store(client: client)
    await store.send(.editTapped) { $0.edit = UserForm.State(editing: User.ada) }
    await store.send(.edit(.presented(.set(\.name, "Ada King")))) { $0.edit?.name = "Ada King" }
    await store.send(.edit(.presented(.saveTapped))) { $0.edit?.isSaving = true }
    await store.receive(.edit(.presented(.saved(saved)))) {
      $0.edit?.isSaving = false
      $0.edit?.mode = .edit(saved)
    }
    await store.receive(.edit(.presented(.delegate(.saved(saved))))) {
      $0.user = saved
      $0.edit = nil
    }
    await store.receive(.delegate(.updated(saved)))
  }

  @Test func theFormsDelegateDrivesTheScreenWithAStandInForm() async {
    let store = store { $0.featureLogic.standIn(UserForm.self) }
    await store.send(.editTapped) { $0.edit = UserForm.State(editing: User.ada) }
    // The stand-in does nothing: saving changes nothing until the form says it saved.
    await store.send(.edit(.presented(.saveTapped)))
    await store.send(.edit(.presented(.delegate(.cancelled)))) { $0.edit = nil }
    await store.send(.editTapped) { $0.edit = UserForm.State(editing: User.ada) }
    let saved = User(id: 1, name: "Augusta Ada", email: "ada@example.com", city: "London")
    await store.send(.edit(.presented(.delegate(.saved(saved))))) {
      $0.user = saved
      $0.edit = nil
    }
    await store.receive(.delegate(.updated(saved)))
  }
}

/// Ctrl-C during the detail's load: it stops, says so, and offers retry.
@MainActor struct UserDetailCancelledLoadTests {
  @Test func aCancelledLoadStopsAndOffersRetry() async {
    let clock = TestClock()
    let store = TestStore(initialState: UserDetail.State(id: 1)) {
      UserDetail()
    } withDependencies: {
      $0[UserClient.self] = UserClient.inMemory([.ada]).slowed(by: .seconds(2), on: clock)
    }
    await store.send(.task) { $0.status = .loading }
    #expect(UserDetailView().interruptedActions(in: store.state) == [.loadCancelled])
    await store.send(.loadCancelled) { $0.status = .cancelled }
    await clock.advance(by: .seconds(5))
    #expect(UserDetailView().render(store.state, style: .plain).contains("Loading cancelled. Type 'retry' to load it"))
    #expect(UserDetailView().commands(for: store.state).contains { $0.name == "retry" })
  }
}
