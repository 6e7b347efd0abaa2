import Composable
import UserDetailInterface

extension AppFeature {
  /// The screens that can be pushed on the list (its State, Action and reducer are generated).
  public enum Path: Reducer {
    /// What a pushed screen's state can do: saved with the session, and compared in tests.
    private typealias StateConformances = Equatable & Codable & RestorableState
    /// What a pushed screen's actions can do.
    private typealias ActionConformances = Equatable & Codable

    /// One user's screen.
    case detail(UserDetail)
  }
}
