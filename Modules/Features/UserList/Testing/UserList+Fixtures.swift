import Composable
import UserClientInterface
import UserListInterface

extension UserList.State {
  /// A list that shows its first page of a directory holding `users` (read as the client would answer).
  public static func loaded(_ users: [User]) -> Self {
    var state = Self()
    let query = state.pageQuery
    state.shown = query.answer(over: users)
    state.shownQuery = query
    state.status = .loaded
    return state
  }
}
