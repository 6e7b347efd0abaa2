import UserClientInterface

extension UserDetail {
  /// What every screen asks before deleting `user`: the detail screen's wording, which the list uses too, so a
  /// delete reads the same wherever it starts.
  public static func deleteConfirmation(for user: User) -> (title: String, message: String) {
    ("Delete \(user.name)?", "This removes \(user.name) from the directory for good.")
  }
}
