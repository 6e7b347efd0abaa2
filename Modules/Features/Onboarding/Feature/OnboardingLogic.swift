import Composable
import OnboardingInterface
import SettingsInterface
import UserListInterface

/// The tour's behaviour: runs the real list, and moves to the next step when the list does what the step asks.
struct OnboardingLogic: Reducer {
  typealias State = Onboarding.State
  typealias Action = Onboarding.Action

  var body: some ReducerOf<Self> {
    Scope(state: \.list, action: \.list) { UserList() }
    Reduce { state, action in
      state.answer = nil
      switch (state.step, action) {
      // A tutorial is the one parent that watches a child's own actions: that is its job.
      case let (.search, .list(.queryApplied(query))) where !query.trimmingCharacters(in: .whitespaces).isEmpty:
        state.step = .open
        return .none
      // Opening a user before the tour asks to follows it along: the search step is done by the user's own way.
      case let (.search, .list(.delegate(.selected(id)))), let (.open, .list(.delegate(.selected(id)))):
        state.openedName = state.list.shownUser(id)?.name
        state.step = .favorite
        return .none
      case (.favorite, .list(.delegate(.selected))), (.finished, .list(.delegate(.selected))):
        // The tour keeps the list on screen: say so rather than show nothing.
        state.answer =
          "The tour shows the list only; 'skip' leaves it (or finish it) to open users."
        return .none
      case (.favorite, .list(.favoriteToggled)):
        state.step = .finished
        state.$preferences.withLock { $0.onboardingCompleted = true }
        return .none
      case (_, .skipTapped):
        state.$preferences.withLock { $0.onboardingCompleted = true }
        return .send(.delegate(.finished(skipped: true)))
      case let (_, .list(.delegate(.failed(report, retry)))):
        // The app explains failures; the tour only says which request to send again.
        return .send(.delegate(.failed(report, retry: .list(retry))))
      case (.finished, .doneTapped):
        return .send(.delegate(.finished(skipped: false)))
      default:
        // Everything else is the list at work (its own delegates lead nowhere inside the tour).
        return .none
      }
    }
  }
}

extension Onboarding: LinkedFeatureLogic {
  /// The tour's real logic, linked with this module.
  public static func logic() -> Reduce<State, Action> { Reduce(OnboardingLogic()) }
}
