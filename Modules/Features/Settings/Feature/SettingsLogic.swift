import Composable
import SettingsInterface

/// The settings screen's behaviour: every change goes straight into the shared preferences.
struct SettingsLogic: Reducer {
  typealias State = Settings.State
  typealias Action = Settings.Action

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .sortOrderChanged(order):
        state.$preferences.withLock { $0.sortOrder = order }
        return .none
      case let .searchFieldChanged(field):
        state.$preferences.withLock { $0.searchField = field }
        return .none
      case let .displayChanged(display):
        state.$preferences.withLock { $0.display = display }
        return .none
      case .showTourAgainTapped:
        state.$preferences.withLock { $0.onboardingCompleted = false }
        return .none
      case .doneTapped:
        return .send(.delegate(.closed))
      case .delegate:
        return .none
      }
    }
  }
}

extension Settings: LinkedFeatureLogic {
  /// The settings screen's real logic, linked with this module.
  public static func logic() -> Reduce<State, Action> { Reduce(SettingsLogic()) }
}
