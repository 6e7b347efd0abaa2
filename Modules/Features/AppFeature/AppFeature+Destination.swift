import Composable
import UserFormInterface

extension AppFeature {
  /// What the root presents over everything.
  public struct Destination: Reducer {
    /// A presented feature's state.
    public enum State: Equatable, Codable, CasePathable {
      /// The form adding a user.
      case add(UserForm.State)

      /// The cases as case paths.
      public struct Cases: CaseList {
        /// Creates the list.
        public init() {}
        /// `.add`.
        public let add = CasePath(State.add) { if case let .add(s) = $0 { s } else { nil } }
      }
    }

    /// A presented feature's actions.
    public enum Action: Equatable, Codable, CasePathable {
      /// The form adding a user.
      case add(UserForm.Action)

      /// The cases as case paths.
      public struct Cases: CaseList {
        /// Creates the list.
        public init() {}
        /// `.add`.
        public let add = CasePath(Action.add) { if case let .add(a) = $0 { a } else { nil } }
      }
    }

    /// The destination reducer.
    public init() {}

    /// Runs the presented feature on its case.
    public var body: some ReducerOf<Self> {
      Scope(state: \.add, action: \.add) { UserForm() }
    }
  }
}
