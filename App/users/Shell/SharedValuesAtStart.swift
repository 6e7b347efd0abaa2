import AppFeature
import Composable
import SettingsInterface
import UserClientInterface

/// What a recording starts from besides its actions: the shared values of the data folder when it began. The
/// recorded actions change them (a favorite toggled, an order chosen), so a replay starts from these, not from
/// the folder as it is now, which may already hold the recording's own changes.
struct SharedValuesAtStart: Codable, Equatable {
  /// The favorite users.
  var favorites: Set<User.ID>
  /// The preferences.
  var preferences: Preferences

  /// The shared values `state` sees now.
  init(of state: AppFeature.State) {
    favorites = state.list.favorites
    preferences = state.preferences
  }

  /// Gives `state`'s shared values these, in memory only: a replay must not write them to the data folder.
  func restore(in state: AppFeature.State) {
    SharedSaves.paused {
      state.list.$favorites.withLock { $0 = favorites }
      state.$preferences.withLock { $0 = preferences }
    }
  }
}
