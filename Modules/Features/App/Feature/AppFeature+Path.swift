import Composable
import UserDetailInterface

extension AppFeature {
  /// The screens that can be pushed on the list.
  public struct Path: Reducer {
    /// A pushed screen's state.
    public enum State: Equatable, Codable, CasePathable {
      /// One user's screen.
      case detail(UserDetail.State)

      /// The cases as case paths.
      public struct Cases: CaseList {
        /// Creates the list.
        public init() {}
        /// `.detail`.
        public let detail = CasePath(State.detail) { if case let .detail(s) = $0 { s } else { nil } }
      }
    }

    /// A pushed screen's actions.
    public enum Action: Equatable, Codable, CasePathable {
      /// One user's screen.
      case detail(UserDetail.Action)

      /// The cases as case paths.
      public struct Cases: CaseList {
        /// Creates the list.
        public init() {}
        /// `.detail`.
        public let detail = CasePath(Action.detail) { if case let .detail(a) = $0 { a } else { nil } }
      }
    }

    /// The stack's screen reducer.
    public init() {}

    /// Runs each screen's feature on its case.
    public var body: some ReducerOf<Self> {
      Scope(state: \.detail, action: \.detail) { UserDetail() }
    }
  }
}
