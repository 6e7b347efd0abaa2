import Composable
import ComposableTesting
import OnboardingFeature
import OnboardingInterface
import OnboardingTesting
import UserListTesting
import SettingsInterface
import TerminalUI
import Testing
import UserClientInterface
import UserClientTesting
import UserListFeature
import UserListInterface

@MainActor struct OnboardingTests {
  private func store(clock: TestClock = TestClock()) -> TestStore<Onboarding.State, Onboarding.Action> {
    TestStore(initialState: Onboarding.State()) {
      Onboarding()
    } withDependencies: {
      $0[UserClient.self] = .inMemory([User.ada, User.grace])
      $0.continuousClock = clock
    }
  }

  @Test func theTourAdvancesAsTheRealListDoesWhatEachStepAsks() async {
    let clock = TestClock()
    let store = store(clock: clock)
    await store.send(.list(.task)) { $0.list.status = .loading }
    await store.receive(\.list.pageLoaded) {
      $0.list.shown = UserPage(users: [User.ada, User.grace], offset: 0, matching: 2, total: 2)
      $0.list.shownQuery = UserQuery()
      $0.list.status = .loaded
    }
    await store.send(.list(.queryChanged("grace"))) { $0.list.query = "grace" }
    await clock.advance(by: .milliseconds(300))
    await store.receive(.list(.queryApplied("grace"))) {
      $0.list.appliedQuery = "grace"
      $0.step = .open
    }
    await store.receive(\.list.pageLoaded) {
      $0.list.shown = UserPage(users: [User.grace], offset: 0, matching: 1, total: 2)
      $0.list.shownQuery = UserQuery(search: "grace")
    }
    await store.send(.list(.userTapped(2)))
    await store.receive(.list(.delegate(.selected(2)))) {
      $0.step = .favorite
      $0.openedName = "Grace Hopper"
    }
    await store.send(.list(.favoriteToggled(2))) {
      $0.list.$favorites.withLock { $0 = [2] }
      $0.step = .finished
      $0.$preferences.withLock { $0.onboardingCompleted = true }
    }
    await store.send(.doneTapped)
    await store.receive(.delegate(.finished(skipped: false)))
  }

  @Test func stepsOnlyAdvanceInOrder() async {
    let store = store()
    // A favorite before any search does not count, and an empty search does not either.
    await store.send(.list(.favoriteToggled(1))) { $0.list.$favorites.withLock { $0 = [1] } }
    await store.send(.list(.queryApplied("  "))) { $0.list.appliedQuery = "  " }
    await store.send(.doneTapped)
    #expect(store.state.step == .search)
  }

  @Test func openingAUserBeforeTheTourAsksFollowsAlongAndAfterItIsAnswered() async {
    let store = store()
    await store.send(.list(.task)) { $0.list.status = .loading }
    await store.receive(\.list.pageLoaded) {
      $0.list.shown = UserPage(users: [User.ada, User.grace], offset: 0, matching: 2, total: 2)
      $0.list.shownQuery = UserQuery()
      $0.list.status = .loaded
    }
    // At the search step: the user opened one at once, which is what the next step asks.
    await store.send(.list(.userTapped(2)))
    await store.receive(.list(.delegate(.selected(2)))) {
      $0.step = .favorite
      $0.openedName = "Grace Hopper"
    }
    // Past it: the tour keeps the list, and says so instead of doing nothing.
    await store.send(.list(.userTapped(1)))
    await store.receive(.list(.delegate(.selected(1)))) {
      $0.answer = "The tour shows the list only; 'skip' leaves it (or finish it) to open users."
    }
    let view = OnboardingView(list: UserList.view())
    #expect(view.refusal(in: store.state) == store.state.answer)
    // Said once: the next action clears it.
    await store.send(.list(.favoriteToggled(2))) {
      $0.answer = nil
      $0.list.$favorites.withLock { $0 = [2] }
      $0.step = .finished
      $0.$preferences.withLock { $0.onboardingCompleted = true }
    }
    #expect(view.refusal(in: store.state) == nil)
  }

  @Test func skippingSavesCompletionAndClosesTheTour() async {
    let store = store()
    await store.send(.skipTapped) { $0.$preferences.withLock { $0.onboardingCompleted = true } }
    await store.receive(.delegate(.finished(skipped: true)))
  }

  @Test func theViewShowsTheStepOverTheListAndOnlyTheTourCommands() throws {
    let view = OnboardingView(list: UserList.view())
    var state = Onboarding.State.over(.loaded([.ada, .grace]))
    let screen = view.render(state, style: .plain)
    #expect(screen.hasPrefix("Welcome to the users directory  ('skip' leaves the tour)\nStep 1 of 3: search"))
    #expect(screen.contains("1.   Ada Lovelace <ada@example.com> · London"))
    #expect(try view.action(for: "search ada", in: state).get() == .list(.querySubmitted("ada")))
    #expect(try view.action(for: "fav 2", in: state).get() == .list(.favoriteToggled(2)))
    #expect(try view.action(for: "skip", in: state).get() == .skipTapped)
    #expect((try? view.action(for: "delete 1", in: state).get()) == nil)
    #expect((try? view.action(for: "done", in: state).get()) == nil)
    state.step = .finished
    #expect(try view.action(for: "done", in: state).get() == .doneTapped)
    #expect(view.backAction(for: state) == .skipTapped)
    #expect(view.appearAction(for: Onboarding.State()) == .list(.task))
  }
}
