import Composable
import UserClientInterface

/// The settings screen: changes the shared `Preferences` (saved at once), shows why saved settings were not used.
///
/// Parents compose it from this Interface; its logic is in `SettingsFeature`.
public struct Settings: Reducer {
  /// What the screen shows: the shared preferences themselves.
  public struct State: Equatable, Codable, RestorableState, ObservableState {
    /// The app's preferences, shared with the list and onboarding.
    @Shared(.preferences) public var preferences: Preferences

    /// The screen, over the preferences of the current storage.
    public init() {}

    /// Why the saved settings could not be used (a corrupt file was kept aside), if so.
    public var notice: String? { $preferences.persistenceStatus.notice }
    /// The same notice as lines for a screen, the kept file's path on its own (empty when there is none).
    public var noticeLines: [String] { $preferences.persistenceStatus.noticeLines }

    // The preferences come back from their own file, not from a saved screen.
    private enum CodingKeys: CodingKey {}

    /// Nothing to settle: every change is written to the shared preferences at once, with no work in flight.
    public mutating func settleForRestoration() {}
  }

  /// Everything that can happen on the screen.
  public enum Action: Equatable, Codable, CasePathable {
    /// Order lists this way.
    case sortOrderChanged(Preferences.SortOrder)
    /// Search in this field.
    case searchFieldChanged(Preferences.SearchField)
    /// Show this much of each user.
    case displayChanged(Preferences.Display)
    /// Show the guided tour again on the next start.
    case showTourAgainTapped
    /// Leave the screen.
    case doneTapped
    /// What the screen tells its parent.
    case delegate(Delegate)

    /// What the screen tells its parent.
    public enum Delegate: Equatable, Sendable, Codable, CasePathable {
      /// The user is done: close the screen.
      case closed
    }
  }

  /// The screen (its logic comes from `SettingsFeature`).
  public init() {}

  /// The linked logic.
  public var body: some ReducerOf<Self> { FeatureLogic(Self.self) }
}
