import UserClientInterface
import UserDetailInterface
import UserFormInterface

extension UserDetail.State {
  /// The detail of `user` with its edit form open and untouched, as after `editTapped`.
  public static func editing(_ user: User) -> Self {
    var state = Self(user: user)
    state.destination = .edit(UserForm.State(editing: user))
    return state
  }
}
