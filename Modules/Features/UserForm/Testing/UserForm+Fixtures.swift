import UserFormInterface

extension UserForm.State {
  /// A new-user form with its fields typed in and nothing validated yet.
  public static func filled(name: String = "", email: String = "", city: String = "") -> Self {
    var state = Self()
    state.name = name
    state.email = email
    state.city = city
    return state
  }
}
