import Sharing

extension SharedKeyWithDefault where Value == Set<User.ID> {
  /// The user's favorite users, in `favorites.json` in the data folder (none at first): kept across runs, and
  /// shared by every feature that shows or toggles a favorite.
  public static var favorites: Self { SharedKey.dataFile(named: "favorites.json").withDefault([]) }
}
