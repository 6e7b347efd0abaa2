import Composable
import ComposableTesting
import Foundation
import Testing

/// A form: fields set by bindings, and validation that reacts to one field.
struct SignUp: Reducer {
  struct State: Equatable {
    var name = ""
    var email = ""
    var emailError: String?
  }

  enum Action: Equatable, BindableAction {
    case binding(BindingAction<State>)
    case submitTapped

    var binding: BindingAction<State>? {
      if case let .binding(action) = self { action } else { nil }
    }
  }

  var body: some ReducerOf<Self> {
    BindingReducer()
    Reduce { state, action in
      switch action {
      case .binding(\.email):
        state.emailError = state.email.contains("@") ? nil : "Enter an email address like ada@example.com."
        return .none
      case .binding, .submitTapped:
        return .none
      }
    }
  }
}

@MainActor struct BindingTests {
  @Test func bindingsSetFieldsWithoutAnActionPerField() async {
    let store = TestStore(initialState: SignUp.State()) { SignUp() }
    await store.send(.set(\.name, "Ada")) { $0.name = "Ada" }
    await store.send(.binding(.set(\.name, "Ada L."))) { $0.name = "Ada L." }
  }

  @Test func aFeatureReactsToOneField() async {
    let store = TestStore(initialState: SignUp.State()) { SignUp() }
    await store.send(.set(\.email, "ada")) {
      $0.email = "ada"
      $0.emailError = "Enter an email address like ada@example.com."
    }
    await store.send(.set(\.email, "ada@example.com")) {
      $0.email = "ada@example.com"
      $0.emailError = nil
    }
  }

  @Test func bindingActionsAreEqualWhenTheySetTheSameFieldToTheSameValue() {
    #expect(BindingAction<SignUp.State>.set(\.name, "A") == .set(\.name, "A"))
    #expect(BindingAction<SignUp.State>.set(\.name, "A") != .set(\.name, "B"))
    #expect(BindingAction<SignUp.State>.set(\.name, "A") != .set(\.email, "A"))
    #expect(BindingAction<SignUp.State>.set(\.name, "A").value(as: String.self) == "A")
  }

  @Test func aWrongBindingShowsTheFieldAndValueInTheDiff() async {
    let store = TestStore(initialState: SignUp.State()) { SignUp() }
    await withKnownIssue {
      await store.send(.set(\.name, "Ada")) { $0.name = "Bo" }
    } matching: {
      $0.description.contains(#"-   name: "Bo","#) && $0.description.contains(#"+   name: "Ada","#)
    }
  }
}

/// A profile with a nested address, bound field by field; and the same form without a `BindingReducer`.
private struct Profile: Reducer {
  struct Address: Equatable {
    var city = ""
    var street = ""
  }

  struct State: Equatable {
    var address = Address()
  }

  enum Action: Equatable, BindableAction {
    case binding(BindingAction<State>)

    var binding: BindingAction<State>? {
      if case let .binding(action) = self { action } else { nil }
    }
  }

  var composesBindings = true

  var body: some ReducerOf<Self> {
    if composesBindings { BindingReducer() }
  }
}

@MainActor struct StoreBindingTests {
  @Test func writingANestedFieldSendsABindingActionForThatField() {
    let sent = LockIsolated<[Profile.Action]>([])
    let store = Store(initialState: Profile.State(address: Profile.Address(city: "Oslo", street: "Main"))) {
      Profile()
      Reduce { _, action in
        sent.withValue { $0.append(action) }
        return .none
      }
    }
    store.binding(\.address).city.wrappedValue = "Paris"
    #expect(sent.value == [.binding(.set(\.address.city, "Paris"))])
    #expect(store.binding(\.address).city.wrappedValue == "Paris")
    #expect(store.state.address == Profile.Address(city: "Paris", street: "Main"))
  }

  @Test func aBindingActionThatNoBindingReducerAppliesIsReported() {
    let store = Store(initialState: Profile.State()) { Profile(composesBindings: false) }
    withKnownIssue {
      store.binding(\.address.city).wrappedValue = "Paris"
    } matching: {
      // The field and the value written, as a developer needs them to find the view that wrote.
      $0.description.contains("setting \\State.address.city to Paris")
        && $0.description.contains("no 'BindingReducer' applied it")
    }
    #expect(store.state.address.city == "")
  }

  // SwiftUI writes a sheet's bindings once more as it goes away: nothing the feature did wrong.
  @Test func aBindingWriteToADismissedChildIsDroppedWithoutAnIssueAndOtherActionsStillReport() throws {
    let store = Store(initialState: SigningUp.State()) { SigningUp() }
    store.send(.open)
    let form = try #require(store.scope(state: \.form, action: \.form.presented))
    form.binding(\.name).wrappedValue = "Ada"
    #expect(store.form?.name == "Ada")
    store.send(.form(.dismiss))
    let (_, writeIssues) = collectingIssues { form.binding(\.name).wrappedValue = "late" }
    #expect(writeIssues.isEmpty)
    #expect(store.form == nil)
    let (_, actionIssues) = collectingIssues { form.send(.submitTapped) }
    #expect(actionIssues.count == 1)
    #expect(actionIssues.first?.message.contains("while nothing was presented") == true)
  }
}

/// A parent presenting the sign-up form in a sheet.
struct SigningUp: Reducer {
  struct State: Equatable {
    @Presents var form: SignUp.State?
  }

  enum Action: Equatable, CasePathable {
    case form(PresentationAction<SignUp.Action>)
    case open
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      if case .open = action { state.form = SignUp.State() }
      return .none
    }
    .ifLet(\.$form, action: \.form) { SignUp() }
  }
}

/// `printChanges` reports each action and the state it changed.
@MainActor struct PrintChangesTests {
  enum Relay: Equatable {
    case child(Child)
    enum Child: Equatable { case response(count: Int) }
  }

  @Test func anActionIsShownByItsTypeCaseAndLabelsOnOneLine() {
    let lines = LockIsolated<[String]>([])
    let store = Store(
      initialState: 0,
      reducer: Reduce<Int, Relay> { count, _ in
        count += 1
        return .none
      }
      .printChanges(to: ChangeSink { line in lines.withValue { $0.append(line) } }))
    store.send(.child(.response(count: 1)))
    #expect(
      lines.value.first?.hasPrefix("received action:\n  PrintChangesTests.Relay.child(.response(count: 1))\n") == true)
  }

  @Test func printsTheActionAndTheDiff() {
    let lines = LockIsolated<[String]>([])
    let store = Store(
      initialState: SignUp.State(),
      reducer: SignUp().printChanges(to: ChangeSink { line in lines.withValue { $0.append(line) } }))
    store.send(.set(\.name, "Ada"))
    store.send(.submitTapped)
    #expect(
      lines.value == [
        """
        received action:
          SignUp.Action.binding(BindingAction.set(\\State.name, "Ada"))
          SignUp.State(
        -   name: "",
        +   name: "Ada",
            email: "",
            emailError: nil
          )

        """,
        """
        received action:
          SignUp.Action.submitTapped
          (No state changes)

        """,
      ])
  }

  struct Tally {
    @Shared var count: Int
  }

  @Test func aSharedFieldPrintsOnItsOwnLineAfterItsReferencesNumber() {
    let lines = LockIsolated<[String]>([])
    let store = Store(
      initialState: Tally(count: Shared(value: 0)),
      reducer: Reduce<Tally, Bool> { state, up in
        state.$count.withLock { $0 += up ? 1 : -1 }
        return .none
      }
      .printChanges(to: ChangeSink { line in lines.withValue { $0.append(line) } }))
    store.send(true)
    // As TCA prints it (custom-dump's reference number), with the field named as declared.
    #expect(
      lines.value == [
        """
        received action:
          true
          PrintChangesTests.Tally(
        -   count: #1 0
        +   count: #1 1
          )

        """
      ])
  }
}
