import Composable
import ErrorHandlingInterface
import ComposableTesting
import Foundation
import Testing
import TerminalUI
import UserClientInterface
import UserFormFeature
import UserFormInterface
import UserFormTesting
import UserClientTesting

@MainActor struct UserFormTests {
  private func store(
    _ state: UserForm.State = UserForm.State(), client: UserClient = .testValue
  ) -> TestStore<UserForm.State, UserForm.Action> {
    TestStore(initialState: state) {
      UserForm()
    } withDependencies: {
      $0[UserClient.self] = client
    }
  }

  @Test func savingAnEmptyFormExplainsBothFields() async {
    let store = store()
    await store.send(.saveTapped) {
      $0.nameError = "Enter a name."
      $0.emailError = "Enter an email address."
      $0.saveRefusal = "Not saved: Enter a name. Enter an email address."
    }
  }

  @Test func aFlaggedFieldIsRecheckedAsItIsFixed() async {
    let store = store()
    await store.send(.set(\.email, "ada")) { $0.email = "ada" }
    await store.send(.saveTapped) {
      $0.nameError = "Enter a name."
      $0.emailError = "Enter an email like ada@example.com."
      $0.saveRefusal = "Not saved: Enter a name. Enter an email like ada@example.com."
    }
    // The refusal lasts until the next edit; the flagged field keeps its message until it is fixed.
    await store.send(.set(\.email, "ada@example")) {
      $0.email = "ada@example"
      $0.saveRefusal = nil
    }
    await store.send(.set(\.email, "ada@example.com")) {
      $0.email = "ada@example.com"
      $0.emailError = nil
    }
    await store.send(.set(\.name, " ")) { $0.name = " " }
    await store.send(.set(\.name, "Ada")) {
      $0.name = "Ada"
      $0.nameError = nil
    }
  }

  @Test func malformedEmailsAreRefused() async {
    for email in ["a@b", "@example.com", "a@@example.com", "a b@example.com", "a@example.", "a@.com"] {
      let store = store(.filled(name: "Ada", email: email))
      await store.send(.saveTapped) {
        $0.emailError = "Enter an email like ada@example.com."
        $0.saveRefusal = "Not saved: Enter an email like ada@example.com."
      }
    }
  }

  @Test func addingSavesTrimmedFieldsAndTellsTheParent() async {
    let added = User(id: 37, name: "Ada Lovelace", email: "ada@example.com", city: "London")
    var client = UserClient.testValue
    client.add = { new in
      #expect(new == NewUser(name: "Ada Lovelace", email: "ada@example.com", city: "London"))
      return added
    }
    let store = store(client: client)
    await store.send(.set(\.name, " Ada Lovelace ")) { $0.name = " Ada Lovelace " }
    await store.send(.set(\.email, "ada@example.com")) { $0.email = "ada@example.com" }
    await store.send(.set(\.city, "London")) { $0.city = "London" }
    await store.send(.saveTapped) { $0.isSaving = true }
    await store.receive(.saved(added)) {
      $0.isSaving = false
      $0.mode = .edit(added)
    }
    await store.receive(.delegate(.saved(added)))
  }

  @Test func editingUpdatesTheSameUser() async {
    let user = User(id: 4, name: "Grace", email: "grace@example.com")
    let updated = LockIsolated(0)
    var client = UserClient.testValue
    client.update = { saved, original in
      #expect(saved == User(id: 4, name: "Grace Hopper", email: "grace@example.com"))
      #expect(original == user)
      updated.withValue { $0 += 1 }
    }
    let store = store(UserForm.State(editing: user), client: client)
    await store.send(.set(\.name, "Grace Hopper")) { $0.name = "Grace Hopper" }
    await store.send(.saveTapped) { $0.isSaving = true }
    let saved = User(id: 4, name: "Grace Hopper", email: "grace@example.com")
    await store.receive(.saved(saved)) {
      $0.isSaving = false
      $0.mode = .edit(saved)
    }
    await store.receive(.delegate(.saved(saved)))
    #expect(updated.value == 1)
  }

  @Test func aFailedSaveKeepsTheFormAndSaysWhy() async {
    var client = UserClient.testValue
    client.add = { _ in throw StubFailure.diskFull }
    let store = store(.filled(name: "Ada", email: "ada@example.com"), client: client)
    await store.send(.saveTapped) { $0.isSaving = true }
    await store.receive(.saveFailed("The disk is full.")) {
      $0.isSaving = false
      $0.saveError = "The disk is full."
    }
    let report = ErrorReport(
      title: "Could not save Ada.", reason: "The disk is full.",
      suggestion: "Check that the data folder is writable, then retry; the form keeps what you typed.")
    await store.receive(.delegate(.failed(report, retry: .saveTapped)))
  }

  @Test func overlongFieldsAreRefusedWithTheLimitAndTheLength() async {
    let store = store()
    let name = String(repeating: "a", count: 101)
    let email = String(repeating: "b", count: 250) + "@x.io"
    let city = String(repeating: "c", count: 1_000_000)
    await store.send(.set(\.name, name)) { $0.name = name }
    await store.send(.set(\.email, email)) { $0.email = email }
    await store.send(.set(\.city, city)) { $0.city = city }
    await store.send(.saveTapped) {
      $0.nameError = "A name has at most 100 characters; this one has 101."
      $0.emailError = "An email address has at most 254 characters; this one has 255."
      $0.cityError = "A city has at most 100 characters; this one has 1000000."
      $0.saveRefusal =
        "Not saved: A name has at most 100 characters; this one has 101. An email address has at most 254 characters; this one has 255. A city has at most 100 characters; this one has 1000000."
    }
    // Fixing a flagged field clears its message at once; 100 characters are allowed.
    await store.send(.set(\.city, String(repeating: "c", count: 100))) {
      $0.city = String(repeating: "c", count: 100)
      $0.cityError = nil
      $0.saveRefusal = nil
    }
  }

  @Test func anEmailAnotherUserHasIsRefusedOnTheEmailField() async throws {
    let client = UserClient.inMemory([
      User(id: 1, name: "Ada Lovelace", email: "ada@example.com"),
      User(id: 2, name: "Grace Hopper", email: "grace@example.com"),
    ])
    let store = store(client: client)
    await store.send(.set(\.name, "Ada Two")) { $0.name = "Ada Two" }
    await store.send(.set(\.email, " ADA@example.com ")) { $0.email = " ADA@example.com " }
    await store.send(.saveTapped) { $0.isSaving = true }
    await store.receive(.emailTaken("ADA@example.com is already the email of Ada Lovelace.")) {
      $0.isSaving = false
      $0.emailError = "ADA@example.com is already the email of Ada Lovelace."
      $0.saveRefusal = "Not saved: ADA@example.com is already the email of Ada Lovelace."
    }
    #expect(try await client.load().count == 2)
  }

  @Test func editingAUserKeepsItsOwnEmailButCannotTakeAnothers() async {
    let grace = User(id: 2, name: "Grace Hopper", email: "grace@example.com")
    let client = UserClient.inMemory([User(id: 1, name: "Ada Lovelace", email: "ada@example.com"), grace])
    let store = store(UserForm.State(editing: grace), client: client)
    await store.send(.set(\.email, "ada@example.com")) { $0.email = "ada@example.com" }
    await store.send(.saveTapped) { $0.isSaving = true }
    await store.receive(.emailTaken("ada@example.com is already the email of Ada Lovelace.")) {
      $0.isSaving = false
      $0.emailError = "ada@example.com is already the email of Ada Lovelace."
      $0.saveRefusal = "Not saved: ada@example.com is already the email of Ada Lovelace."
    }
    await store.send(.set(\.email, "grace@example.com")) {
      $0.email = "grace@example.com"
      $0.emailError = nil
      $0.saveRefusal = nil
    }
    await store.send(.saveTapped) { $0.isSaving = true }
    await store.receive(.saved(grace)) { $0.isSaving = false }
    await store.receive(.delegate(.saved(grace)))
  }

  @Test func anEditOfAUserChangedElsewhereIsRefusedShowsTheirVersionAndASecondSaveIsDeliberate() async throws {
    let grace = User(id: 2, name: "Grace Hopper", email: "grace@example.com", city: "Paris")
    let client = UserClient.inMemory([grace])
    let store = store(UserForm.State(editing: grace), client: client)
    // Another session saves Grace first.
    let theirs = User(id: 2, name: "Grace B. Hopper", email: "grace@example.com", city: "Arlington")
    try await client.update(theirs, grace)

    await store.send(.set(\.city, "New York")) { $0.city = "New York" }
    await store.send(.saveTapped) { $0.isSaving = true }
    let message = """
      Not saved: Grace B. Hopper was changed in another session since this form opened; it is now Grace B. Hopper \
      <grace@example.com> · Arlington. Save again to replace that with what you typed, or cancel.
      """
    await store.receive(.saveConflicted(theirs)) {
      $0.isSaving = false
      $0.mode = .edit(theirs)
      $0.saveRefusal = message
    }
    await store.receive(.delegate(.storedVersionChanged(theirs)))
    #expect(try await client.load() == [theirs])

    // Saving again, against their version, replaces it with what was typed.
    let mine = User(id: 2, name: "Grace Hopper", email: "grace@example.com", city: "New York")
    await store.send(.saveTapped) {
      $0.isSaving = true
      $0.saveRefusal = nil
    }
    await store.receive(.saved(mine)) {
      $0.isSaving = false
      $0.mode = .edit(mine)
    }
    await store.receive(.delegate(.saved(mine)))
    #expect(try await client.load() == [mine])
  }

  @Test func anEditFormSaysAtOnceWhenAnotherSessionSavesItsUserAndThenSavesOverIt() async {
    let theirs = User(id: 1, name: "Ada King", email: "ada@example.com", city: "London")
    let stored = LockIsolated([User.ada])
    let loads = LockIsolated(0)
    let (changes, announce) = AsyncStream.makeStream(of: Void.self)
    var client = UserClient.testValue
    client.user = UserClient.user(among: {
      defer { loads.withValue { $0 += 1 } }
      return stored.value
    })
    client.changesElsewhere = { changes }
    client.update = { edited, original in
      #expect(original == theirs, "the save replaces the version the form told of")
      stored.setValue([edited])
    }
    let store = store(UserForm.State(editing: User.ada), client: client)
    await store.send(.followChangesElsewhere)
    // A change that leaves this user as the form found it says nothing (once its check has read the users).
    announce.yield()
    await store.receive(.directoryChanged)
    for _ in 0..<10_000 where loads.value == 0 { await Task.yield() }
    #expect(loads.value == 1)
    stored.setValue([theirs])
    announce.yield()
    await store.receive(.directoryChanged)
    await store.receive(.editedElsewhere(theirs)) {
      $0.mode = .edit(theirs)
      $0.editedElsewhereNotice = """
        Another session just saved this user: it is now Ada King <ada@example.com> · London. Saving replaces that \
        with what is typed here; cancel keeps theirs.
        """
    }
    await store.receive(.delegate(.storedVersionChanged(theirs)))
    #expect(UserFormView().render(store.state, style: .plain).contains("Another session just saved this user"))
    await store.send(.saveTapped) {
      $0.isSaving = true
      $0.editedElsewhereNotice = nil
    }
    await store.receive(.saved(User.ada)) {
      $0.isSaving = false
      $0.mode = .edit(User.ada)
    }
    await store.receive(.delegate(.saved(User.ada)))
    announce.finish()
    await store.finish()
  }

  @Test func anAddFormFollowsNothing() async {
    let store = store()
    await store.send(.followChangesElsewhere)
    await store.send(.directoryChanged)
    #expect(UserForm.view().followAction(for: store.state) == nil)
    #expect(UserForm.view().followAction(for: UserForm.State(editing: User.ada)) == .followChangesElsewhere)
  }

  @Test func cancellingTellsTheParent() async {
    let store = store()
    await store.send(.cancelTapped)
    await store.receive(.delegate(.cancelled))
  }

  @Test func tabAfterAFieldOffersTheValueItHasNow() {
    var state = UserForm.State()
    state.name = "Ada Lovelace"
    state.city = "London"
    #expect(UserFormView().completions(before: ["name"], in: state) == ["Ada Lovelace"])
    #expect(UserFormView().completions(before: ["name", "Ada"], in: state) == ["Lovelace"])
    #expect(UserFormView().completions(before: ["city"], in: state) == ["London"])
    // An empty field offers nothing.
    #expect(UserFormView().completions(before: ["email"], in: state) == [])
  }

  @Test func theViewShowsErrorsUnderTheirFieldsAndMapsCommands() throws {
    var state = UserForm.State()
    state.email = "ada"
    state.emailError = "Enter an email like ada@example.com."
    #expect(
      UserFormView().render(state, style: .plain) == """
        New user
          name : (empty)
          email: ada
            Enter an email like ada@example.com.
          city : (empty)
        """)
    #expect(try UserFormView().action(for: "name Ada Lovelace", in: state).get() == .set(\.name, "Ada Lovelace"))
    #expect(try UserFormView().action(for: "save", in: state).get() == .saveTapped)
  }
}
