import OnboardingInterface
import UserListInterface

extension Onboarding.State {
  /// The tour at `step`, over `list` (for instance `.loaded([.ada, .grace])` from `UserListTesting`).
  public static func over(_ list: UserList.State, at step: Onboarding.Step = .search) -> Self {
    var state = Self()
    state.list = list
    state.step = step
    return state
  }
}
