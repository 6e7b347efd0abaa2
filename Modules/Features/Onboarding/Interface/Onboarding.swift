import Composable
import ErrorHandlingInterface
import SettingsInterface
import UserListInterface

/// The guided tour shown on first run: the real user list, with a banner that advances as the user tries it.
///
/// The steps advance by watching the list's own actions (a search applied, a row
/// opened, a favorite marked), the way a tutorial wraps a real feature. Skipping
/// or finishing saves `onboardingCompleted` in the shared preferences. The logic is
/// in `OnboardingFeature`; the view takes the list's view from the composition root.
public struct Onboarding: Reducer {
  /// Where the tour is, and the list it runs.
  public struct State: Equatable, Codable, RestorableState, ObservableState {
    /// The current step.
    public var step: Step = .search
    /// The real list, as the app would show it.
    public var list = UserList.State()
    /// The name of the user opened in the "open one" step, to mention it after.
    public var openedName: String?
    /// What the tour answers to the last thing done that it does not follow (a user opened after its open step),
    /// shown as that command's answer; nil once anything else happens. Not kept across sessions.
    public var answer: String?
    /// The app's preferences, where completion is saved.
    @Shared(.preferences) public var preferences: Preferences

    /// A tour at its first step.
    public init() {}

    // Preferences come back from their own file.
    private enum CodingKeys: String, CodingKey {
      case step, list, openedName
    }

    /// Settles work a quit interrupted (the list's load).
    public mutating func settleForRestoration() {
      list.settleForRestoration()
    }
  }

  /// The tour's steps, in order.
  public enum Step: String, Equatable, Sendable, Codable, CaseIterable {
    /// Search for a user.
    case search
    /// Open one of the results.
    case open
    /// Mark one as a favorite.
    case favorite
    /// All done.
    case finished
  }

  /// Everything that can happen in the tour.
  public enum Action: Equatable, Codable, CasePathable {
    /// The list's actions.
    case list(UserList.Action)
    /// Leave the tour now.
    case skipTapped
    /// Leave the finished tour.
    case doneTapped
    /// What the tour tells its parent.
    case delegate(Delegate)

    /// What the tour tells its parent.
    public enum Delegate: Equatable, Codable, CasePathable {
      /// The tour is over (completed or skipped) and saved as such: close it.
      case finished(skipped: Bool)
      /// The tour's list failed a request: explain `report`; sending `retry` back to the tour makes it again.
      indirect case failed(ErrorReport, retry: Action)
    }
  }

  /// The tour (its logic comes from `OnboardingFeature`).
  public init() {}

  /// The linked logic.
  public var body: some ReducerOf<Self> { FeatureLogic(Self.self) }
}
