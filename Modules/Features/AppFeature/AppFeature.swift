import Composable
import UserClient
import UserDetailInterface
import UserFormInterface
import UserListInterface

/// The app's root: the user list at the bottom of a navigation stack, details pushed on it, the add form presented.
///
/// It composes the features from their Interfaces only and is driven only by
/// their delegate actions; the executable links the Implementations.
public struct AppFeature: Reducer {
  /// The whole app's state.
  public struct State: Equatable, Codable {
    /// The list at the root of the stack.
    public var list = UserList.State()
    /// The screens pushed on the list.
    public var path = StackState<Path.State>()
    /// What is presented over everything, if anything.
    @Presents public var destination: Destination.State?

    /// The app as it starts: the list, nothing pushed or presented.
    public init() {}
  }

  /// Everything that reaches the root: its children's actions.
  public enum Action: Equatable, Codable, CasePathable {
    /// The list's actions.
    case list(UserList.Action)
    /// The stack's pushes, pops and elements' actions.
    case path(StackActionOf<Path>)
    /// The presented destination's actions.
    case destination(PresentationAction<Destination.Action>)

    /// The cases as case paths.
    public struct Cases: CaseList {
      /// Creates the list.
      public init() {}
      /// `.list`.
      public let list = CasePath(Action.list) { if case let .list(a) = $0 { a } else { nil } }
      /// `.path`.
      public let path = CasePath(Action.path) { if case let .path(a) = $0 { a } else { nil } }
      /// `.destination`.
      public let destination = CasePath(Action.destination) { if case let .destination(a) = $0 { a } else { nil } }
    }
  }

  /// The root feature.
  public init() {}

  /// The list, the stack and the destination, tied together by the children's delegate actions.
  public var body: some ReducerOf<Self> {
    Scope(state: \.list, action: \.list) { UserList() }
    Reduce { state, action in
      switch action {
      case let .list(.delegate(.selected(id))):
        let detail = state.list.users[id: id].map(UserDetail.State.init(user:)) ?? UserDetail.State(id: id)
        state.path.append(.detail(detail))
        return .none

      case .list(.delegate(.addRequested)):
        state.destination = .add(UserForm.State())
        return .none

      case let .path(.element(id: _, action: .detail(.delegate(.updated(user))))):
        state.list.show(saved: user)
        return .none

      case let .path(.element(id: _, action: .detail(.delegate(.deleted(id))))):
        // The detail screen dismisses itself; the list only has to forget the user.
        state.list.forget(deleted: id)
        return .none

      case let .destination(.presented(.add(.delegate(.saved(user))))):
        state.list.show(saved: user)
        state.destination = nil
        state.path.append(.detail(UserDetail.State(user: user)))
        return .none

      case .destination(.presented(.add(.delegate(.cancelled)))):
        state.destination = nil
        return .none

      case .list, .path, .destination:
        return .none
      }
    }
    .forEach(\.path, action: \.path) { Path() }
    .ifLet(\.$destination, action: \.destination) { Destination() }
  }
}
