import Sharing

extension SharedKey where Value == Set<User.ID> {
  /// The user's favorite users, in `favorites.json` in the data folder: kept across runs, and shared by every
  /// feature that shows or toggles a favorite.
  public static var favorites: Self { .dataFile(named: "favorites.json") }
}
