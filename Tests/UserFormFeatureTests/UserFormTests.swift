import Composable
import ErrorHandlingInterface
import ComposableTesting
import Foundation
import Testing
import TerminalUI
import UserClient
import UserFormFeature
import UserFormInterface

private struct DiskFull: Error, CustomStringConvertible {
  var description: String { "The disk is full." }
}

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
    }
  }

  @Test func aFlaggedFieldIsRecheckedAsItIsFixed() async {
    let store = store()
    await store.send(.set(\.email, "ada")) { $0.email = "ada" }
    await store.send(.saveTapped) {
      $0.nameError = "Enter a name."
      $0.emailError = "Enter an email like ada@example.com."
    }
    await store.send(.set(\.email, "ada@example")) { $0.email = "ada@example" }
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
      var state = UserForm.State()
      state.name = "Ada"
      state.email = email
      let store = store(state)
      await store.send(.saveTapped) { $0.emailError = "Enter an email like ada@example.com." }
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
    await store.receive(.saved(added)) { $0.isSaving = false }
    await store.receive(.delegate(.saved(added)))
  }

  @Test func editingUpdatesTheSameUser() async {
    let user = User(id: 4, name: "Grace", email: "grace@example.com")
    let updated = LockIsolated(0)
    var client = UserClient.testValue
    client.update = { saved in
      #expect(saved == User(id: 4, name: "Grace Hopper", email: "grace@example.com"))
      updated.withValue { $0 += 1 }
    }
    let store = store(UserForm.State(editing: user), client: client)
    await store.send(.set(\.name, "Grace Hopper")) { $0.name = "Grace Hopper" }
    await store.send(.saveTapped) { $0.isSaving = true }
    let saved = User(id: 4, name: "Grace Hopper", email: "grace@example.com")
    await store.receive(.saved(saved)) { $0.isSaving = false }
    await store.receive(.delegate(.saved(saved)))
    #expect(updated.value == 1)
  }

  @Test func aFailedSaveKeepsTheFormAndSaysWhy() async {
    var client = UserClient.testValue
    client.add = { _ in throw DiskFull() }
    var state = UserForm.State()
    state.name = "Ada"
    state.email = "ada@example.com"
    let store = store(state, client: client)
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

  @Test func cancellingTellsTheParent() async {
    let store = store()
    await store.send(.cancelTapped)
    await store.receive(.delegate(.cancelled))
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
