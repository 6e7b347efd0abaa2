import AppInfoInterface
import Composable
import OnboardingInterface
import SettingsInterface
import UserFormInterface

extension AppFeature {
  /// What the root presents over the stack, one at a time.
  public struct Destination: Reducer {
    /// A presented feature's state.
    public enum State: Equatable, Codable, CasePathable, RestorableState {
      /// The form adding a user.
      case add(UserForm.State)
      /// The settings screen.
      case settings(Settings.State)
      /// The about screen.
      case appInfo(AppInfo.State)
      /// The guided tour of the first run.
      case onboarding(Onboarding.State)

      /// Settles work a quit interrupted in the presented feature (no `default`: a new screen must take part).
      public mutating func prepareForRestoration() {
        switch self {
        case var .add(form):
          form.prepareForRestoration()
          self = .add(form)
        case var .settings(settings):
          settings.prepareForRestoration()
          self = .settings(settings)
        case var .appInfo(info):
          info.prepareForRestoration()
          self = .appInfo(info)
        case var .onboarding(tour):
          tour.prepareForRestoration()
          self = .onboarding(tour)
        }
      }
    }

    /// A presented feature's actions.
    public enum Action: Equatable, Codable, CasePathable {
      /// The form adding a user.
      case add(UserForm.Action)
      /// The settings screen.
      case settings(Settings.Action)
      /// The about screen.
      case appInfo(AppInfo.Action)
      /// The guided tour.
      case onboarding(Onboarding.Action)
    }

    /// The destination reducer.
    public init() {}

    /// Runs the presented feature on its case.
    public var body: some ReducerOf<Self> {
      Scope(state: \.add, action: \.add) { UserForm() }
      Scope(state: \.settings, action: \.settings) { Settings() }
      Scope(state: \.appInfo, action: \.appInfo) { AppInfo() }
      Scope(state: \.onboarding, action: \.onboarding) { Onboarding() }
    }
  }
}
