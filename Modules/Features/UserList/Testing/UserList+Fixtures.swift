import Composable
import UserClientInterface
import UserListInterface

extension UserList.State {
  /// A list that finished loading `users`, in the order given.
  public static func loaded(_ users: [User]) -> Self {
    var state = Self()
    state.users = IdentifiedArray(uniqueElements: users)
    state.status = .loaded
    return state
  }
}
