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

  @Test func anotherSessionsEditShowsAndItsDeleteClosesTheScreen() async {
    let renamed = User(id: 1, name: "Ada King", email: "ada@example.com", city: "London")
    let stored = LockIsolated([User.ada])
    let (changes, announce) = AsyncStream.makeStream(of: Void.self)
    let dismissed = LockIsolated(0)
    var client = UserClient.testValue
    client.user = UserClient.user(among: { stored.value })
    client.changesElsewhere = { changes }
    let store = store(client: client) {
      $0.dismiss = DismissEffect { dismissed.withValue { $0 += 1 } }
    }
    await store.send(.followChangesElsewhere)
    stored.setValue([renamed])
    announce.yield()
    await store.receive(.directoryChanged)
    await store.receive(.userLoaded(renamed)) { $0.user = renamed }
    stored.setValue([])
    announce.yield()
    await store.receive(.directoryChanged)
    // Nothing is left to show or retry: the screen tells its parent (with the name it showed) and closes.
    await store.receive(.deletedElsewhere)
    await store.receive(.delegate(.deletedElsewhere(1, name: "Ada King")))
    announce.finish()
    await store.finish()
    #expect(dismissed.value == 1)
  }

  @Test func openedByIDItLoadsTheUser() async {
    var client = UserClient.testValue
    client.user = UserClient.user(among: { [User.ada, User(id: 2, name: "Grace", email: "grace@example.com")] })
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
    client.user = UserClient.user(among: {
      calls.withValue { $0 += 1 }
      if calls.value == 1 { return [] }
      if calls.value == 2 { throw StubFailure.offline }
      return [User.ada]
    })
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
      $0.destination = .alert(
        AlertState(
          title: "Delete Ada Lovelace?",
          message: "This removes Ada Lovelace from the directory for good.",
          buttons: [.destructive("Delete", action: .confirmDelete), .cancel("Cancel")]))
    }
    await store.send(.destination(.presented(.alert(.confirmDelete)))) {
      $0.destination = nil
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
      $0.destination = .alert(
        AlertState(
          title: "Delete Ada Lovelace?",
          message: "This removes Ada Lovelace from the directory for good.",
          buttons: [.destructive("Delete", action: .confirmDelete), .cancel("Cancel")]))
    }
    await store.send(.destination(.dismiss)) { $0.destination = nil }
  }

  @Test func aFailedDeleteStaysAndSaysWhy() async {
    var client = UserClient.testValue
    client.delete = { _ in throw StubFailure.offline }
    var state = UserDetail.State(user: User.ada)
    state.destination = .alert(AlertState(title: "Delete Ada Lovelace?"))
    let store = store(state, client: client)
    await store.send(.destination(.presented(.alert(.confirmDelete)))) {
      $0.destination = nil
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
    await store.send(.editTapped) { $0.destination = .edit(UserForm.State(editing: User.ada)) }
    await store.send(.destination(.presented(.edit(.saveTapped)))) { $0.$destination[case: \.edit]?.isSaving = true }
    await store.receive(.destination(.presented(.edit(.saveFailed("The data folder is offline."))))) {
      $0.$destination[case: \.edit]?.isSaving = false
      $0.$destination[case: \.edit]?.saveError = "The data folder is offline."
    }
    let report = ErrorReport(
      title: "Could not save Ada Lovelace.", reason: "The data folder is offline.",
      suggestion: "Check that the data folder is writable, then retry; the form keeps what you typed.")
    await store.receive(.destination(.presented(.edit(.delegate(.failed(report, retry: .saveTapped))))))
    // The parent re-sends the request through this screen, to the form.
    await store.receive(.delegate(.failed(report, retry: .destination(.presented(.edit(.saveTapped))))))
  }

  @Test func restorationSettlesWorkInFlight() {
    var state = withDependencies({ $0.sharedStorage = SharedStorage(fileSystem: .inMemory()) }) {
      UserDetail.State(user: User.ada)
    }
    state.status = .loading
    state.isDeleting = true
    state.destination = .edit(UserForm.State(editing: User.ada))
    state.$destination[case: \.edit]?.isSaving = true
    state.settleForRestoration()
    #expect(state.status == .idle)
    #expect(state.isDeleting == false)
    #expect(state.$destination[case: \.edit]?.isSaving == false)
    // The form shows first; once it closes, the user's screen comes to the front and loads again.
    #expect(UserDetail.view().appearAction(for: state) == nil)
    state.destination = nil
    #expect(UserDetail.view().appearAction(for: state) == .task)
  }

  @Test func editingWithTheRealFormUpdatesTheUserAndTellsTheParent() async {
    let saved = User(id: 1, name: "Ada King", email: "ada@example.com", city: "London")
    var client = UserClient.testValue
    client.update = { edited, _ in #expect(edited == saved) }
    let store = store(client: client)
    await store.send(.editTapped) { $0.destination = .edit(UserForm.State(editing: User.ada)) }
    await store.send(.destination(.presented(.edit(.set(\.name, "Ada King"))))) {
      $0.$destination[case: \.edit]?.name = "Ada King"
    }
    await store.send(.destination(.presented(.edit(.saveTapped)))) { $0.$destination[case: \.edit]?.isSaving = true }
    await store.receive(.destination(.presented(.edit(.saved(saved))))) {
      $0.$destination[case: \.edit]?.isSaving = false
      $0.$destination[case: \.edit]?.mode = .edit(saved)
    }
    await store.receive(.destination(.presented(.edit(.delegate(.saved(saved)))))) {
      $0.user = saved
      $0.destination = nil
    }
    await store.receive(.delegate(.updated(saved)))
  }

  @Test func theFormsDelegateDrivesTheScreenWithAStandInForm() async {
    let store = store { $0.featureLogic.standIn(UserForm.self) }
    await store.send(.editTapped) { $0.destination = .edit(UserForm.State(editing: User.ada)) }
    // The stand-in does nothing: saving changes nothing until the form says it saved.
    await store.send(.destination(.presented(.edit(.saveTapped))))
    await store.send(.destination(.presented(.edit(.delegate(.cancelled))))) { $0.destination = nil }
    await store.send(.editTapped) { $0.destination = .edit(UserForm.State(editing: User.ada)) }
    let saved = User(id: 1, name: "Augusta Ada", email: "ada@example.com", city: "London")
    await store.send(.destination(.presented(.edit(.delegate(.saved(saved)))))) {
      $0.user = saved
      $0.destination = nil
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
    #expect(UserDetail.view().interruptedActions(in: store.state) == [.loadCancelled])
    await store.send(.loadCancelled) { $0.status = .cancelled }
    await clock.advance(by: .seconds(5))
    #expect(UserDetailView().render(store.state, style: .plain).contains("Loading cancelled. Type 'retry' to load it"))
    #expect(UserDetailView().commands(for: store.state).contains { $0.name == "retry" })
  }
}
