import Composable
import SettingsInterface
import TerminalApp
import TerminalUI

/// The settings as text: each preference with its value, and a notice when the saved file could not be used.
public struct SettingsView: TextScreenView {
  /// The state it shows.
  public typealias State = Settings.State
  /// The actions its commands send.
  public typealias Action = Settings.Action

  /// A view of the settings.
  public init() {}

  /// The screen as text.
  public func text(_ state: RenderedState<State>, style: TextStyle) -> String {
    let preferences = state.preferences
    var lines = [
      style.bold("Settings"),
      "  sort:         \(preferences.sortOrder.rawValue)",
      "  search-field: \(preferences.searchField.rawValue)",
      "  display:      \(preferences.display.rawValue)",
      "  tour:         \(preferences.onboardingCompleted ? "done" : "shown at the next start")",
    ]
    lines += state.noticeLines.map(style.red)
    return lines.joined(separator: "\n")
  }

  /// Change a preference, or leave.
  public func commands(_ state: RenderedState<State>) -> [TerminalCommand<Action>] {
    let preferences = state.preferences
    return [
      .choice(
        "sort", of: Preferences.SortOrder.self, current: preferences.sortOrder, help: "Order lists this way.",
        action: Settings.Action.sortOrderChanged),
      .choice(
        "search-field", of: Preferences.SearchField.self, current: preferences.searchField,
        help: "Search in this field.", action: Settings.Action.searchFieldChanged),
      .choice(
        "display", of: Preferences.Display.self, current: preferences.display,
        help: "Show this much of each user.", action: Settings.Action.displayChanged),
      .simple("tour", help: "Show the guided tour again at the next start.", action: .showTourAgainTapped),
      .simple("done", help: "Leave the settings.", action: .doneTapped),
    ]
  }
}

extension Settings: LinkedFeatureView {
  /// The settings screen, as `FeatureView(Settings.self)` shows it.
  public static func view() -> SettingsView { SettingsView() }
}
