import Composable
import UserDetailInterface

extension AppFeature {
  /// The screens that can be pushed on the list.
  public struct Path: Reducer {
    /// A pushed screen's state.
    public enum State: Equatable, Codable, CasePathable {
      /// One user's screen.
      case detail(UserDetail.State)
    }

    /// A pushed screen's actions.
    public enum Action: Equatable, Codable, CasePathable {
      /// One user's screen.
      case detail(UserDetail.Action)
    }

    /// The stack's screen reducer.
    public init() {}

    /// Runs each screen's feature on its case.
    public var body: some ReducerOf<Self> {
      Scope(state: \.detail, action: \.detail) { UserDetail() }
    }
  }
}
