import Composable
import UserClientInterface

/// The app's preferences, shared by every feature that reads them and saved in the data folder.
///
/// Declare it in a feature's state as `@Shared(.preferences) var preferences` (the key declares the default):
/// a change made in Settings is seen by the list at once, and is in `settings.json` for the next run.
public struct Preferences: Equatable, Codable, Sendable {
  /// How lists of users are ordered.
  public var sortOrder: SortOrder
  /// Which field a search looks in.
  public var searchField: SearchField
  /// How much of each user a list row shows.
  public var display: Display
  /// Whether the guided tour was completed or skipped (it is shown on first run until then).
  public var onboardingCompleted: Bool

  /// The defaults a first run starts with.
  public init(
    sortOrder: SortOrder = .name, searchField: SearchField = .any, display: Display = .detailed,
    onboardingCompleted: Bool = false
  ) {
    self.sortOrder = sortOrder
    self.searchField = searchField
    self.display = display
    self.onboardingCompleted = onboardingCompleted
  }

  private enum CodingKeys: String, CodingKey {
    case sortOrder, searchField, display, onboardingCompleted
  }

  /// Reads a saved file; a field it lacks (a file from an older version) keeps its default.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let defaults = Preferences()
    sortOrder = try container.decodeIfPresent(SortOrder.self, forKey: .sortOrder) ?? defaults.sortOrder
    searchField = try container.decodeIfPresent(SearchField.self, forKey: .searchField) ?? defaults.searchField
    display = try container.decodeIfPresent(Display.self, forKey: .display) ?? defaults.display
    onboardingCompleted =
      try container.decodeIfPresent(Bool.self, forKey: .onboardingCompleted) ?? defaults.onboardingCompleted
  }

  /// How lists of users are ordered (the directory's orders: the user client sorts its pages this way).
  public typealias SortOrder = UserSortOrder

  /// Which field a search looks in (the directory's search fields).
  public typealias SearchField = UserSearchField

  /// How much of each user a list row shows.
  public enum Display: String, CaseIterable, Equatable, Sendable, Codable {
    /// Name and city.
    case compact
    /// Name, email and city.
    case detailed
  }
}

extension SharedKeyWithDefault where Value == Preferences {
  /// The app's preferences, in `settings.json` in the data folder (the defaults at first).
  public static var preferences: Self { SharedKey.dataFile(named: "settings.json").withDefault(Preferences()) }
}
