import AppInfoInterface
import Composable
import OnboardingInterface
import SettingsInterface
import UserFormInterface

extension AppFeature {
  /// What the root presents over the stack, one at a time (its State, Action and reducer are generated).
  public enum Destination: Reducer {
    /// What a presented feature's state and actions can do: saved with the session, and compared in tests.
    private typealias StateConformances = Equatable & Codable & RestorableState
    /// What a presented feature's actions can do.
    private typealias ActionConformances = Equatable & Codable

    /// The form adding a user.
    case add(UserForm)
    /// The settings screen.
    case settings(Settings)
    /// The about screen.
    case appInfo(AppInfo)
    /// The guided tour of the first run.
    case onboarding(Onboarding)
  }
}
