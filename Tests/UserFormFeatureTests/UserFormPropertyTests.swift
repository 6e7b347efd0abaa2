import Composable
import ComposableTesting
import Testing
import UserClientInterface
import UserClientTesting
import UserFormFeature
import UserFormInterface

/// The form explored with random edits of its fields, saves and cancels, adding and editing, while saves answer
/// (some refused: an email another user has) in between.
@MainActor struct UserFormPropertyTests {
  /// What people type: blanks, names, emails valid, invalid or taken, cities.
  private static let typed = [
    "", " ", "Ada", "Alan Turing", "ada@example.com", "grace@example.com", "alan@example.com", "alan@", "London",
    "Zurich",
  ]

  private func exploration(seed: UInt64) -> Exploration<UserForm.State, UserForm.Action> {
    var exploration = Exploration<UserForm.State, UserForm.Action>()
    exploration.payload(String.self) { _, random in random.element(of: Self.typed) }
    exploration.weight("binding", 4)
    exploration.sequences = 500
    exploration.steps = 12
    exploration.seed = seed
    exploration.opensIn = "UserFormExample"
    exploration.invariants = [
      .always("only a form without errors saves") { state in
        !state.isSaving || [state.nameError, state.emailError, state.cityError].allSatisfy { $0 == nil }
      },
      Invariant("after a save the form edits what it saved") { state, _, action in
        guard case let .saved(user)? = action, state.mode != .edit(user) else { return nil }
        return "saved \(user.name) but the form's mode is \(state.mode)"
      },
    ]
    return exploration
  }

  private func explore(_ initialState: @escaping () -> UserForm.State, seed: UInt64) async
    -> ExplorationResult<UserForm.Action>
  {
    await ComposableExplorer.explore(
      exploration(seed: seed), initialState: initialState, reducer: { UserForm() },
      withDependencies: { dependencies, _ in dependencies[UserClient.self] = .inMemory([.ada, .grace]) })
  }

  @Test func anyOrderOfEditsAndSavesWhenAddingKeepsTheFormConsistent() async {
    let result = await explore({ UserForm.State() }, seed: 0xF0_0001)
    #expect(result.failure == nil)
  }

  @Test func anyOrderOfEditsAndSavesWhenEditingKeepsTheFormConsistent() async {
    let result = await explore({ UserForm.State(editing: .ada) }, seed: 0xF0_0002)
    #expect(result.failure == nil)
  }
}

/// What the exploration found, kept as the exhaustive test it printed (the setup lines filled in): a form that
/// stayed open after a save took its own save for a change made elsewhere on the next one.
@MainActor struct UserFormFoundByExplorationTests {
  @Test func aSecondSaveOfAnEditedUserUpdatesItAgainWithoutAConflict() async {
    let clock = TestClock()
    let store = TestStore(initialState: UserForm.State(editing: .ada)) {
      UserForm()
    } withDependencies: {
      $0.continuousClock = clock
      $0[UserClient.self] = .inMemory([.ada, .grace])
    }
    let firstSave = User(id: 1, name: "Ada Lovelace", email: "ada@example.com", city: "")
    await store.send(.binding(.set(\.city, ""))) {
      $0.city = ""
    }
    await store.send(.saveTapped) {
      $0.isSaving = true
    }
    await store.receive(.saved(firstSave)) {
      $0.isSaving = false
      $0.mode = .edit(firstSave)
    }
    await store.receive(.delegate(.saved(firstSave)))
    await store.send(.binding(.set(\.email, "alan@example.com"))) {
      $0.email = "alan@example.com"
    }
    await store.send(.saveTapped) {
      $0.isSaving = true
    }
    // Before the fix: `.saveConflicted(firstSave)` and "Not saved: Ada Lovelace was changed in another session".
    let secondSave = User(id: 1, name: "Ada Lovelace", email: "alan@example.com", city: "")
    await store.receive(.saved(secondSave)) {
      $0.isSaving = false
      $0.mode = .edit(secondSave)
    }
    await store.receive(.delegate(.saved(secondSave)))
  }

  @Test func aFormThatAddedAUserUpdatesItOnTheNextSaveRatherThanAddingItAgain() async throws {
    let client = UserClient.inMemory([.ada])
    let store = TestStore(initialState: UserForm.State()) {
      UserForm()
    } withDependencies: {
      $0[UserClient.self] = client
    }
    store.exhaustivity = .off
    await store.send(.binding(.set(\.name, "Alan Turing")))
    await store.send(.binding(.set(\.email, "alan@example.com")))
    await store.send(.binding(.set(\.city, "Zurich")))
    await store.send(.saveTapped)
    await store.receive(\.delegate.saved)
    await store.send(.binding(.set(\.city, "Manchester")))
    await store.send(.saveTapped)
    await store.receive(\.delegate.saved)
    let saved = try await client.load()
    #expect(saved.map(\.name) == ["Ada Lovelace", "Alan Turing"])
    #expect(saved.last?.city == "Manchester")
  }
}
