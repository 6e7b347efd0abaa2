import Foundation
import SettingsInterface
import UserClientInterface
import UserListInterface

extension UserList.State {
  /// The users the list shows, worked out the plain way (lowercased strings, a filter and a sort): the oracle
  /// tests hold the list's fast rows against.
  public var visibleUsers: [User] {
    let needle = appliedQuery.trimmingCharacters(in: .whitespaces).lowercased()
    let field = preferences.searchField
    let matching =
      needle.isEmpty
      ? Array(users) : users.filter { user in field.searchedTexts(of: user).contains { $0.contains(needle) } }
    return matching.sorted { first, second in
      let (firstKey, secondKey) = (sort.key(of: first), sort.key(of: second))
      return firstKey != secondKey ? firstKey.lexicographicallyPrecedes(secondKey) : first.id < second.id
    }
  }
}

extension Preferences.SearchField {
  /// The lowercased texts a search in this field looks in.
  fileprivate func searchedTexts(of user: User) -> [String] {
    switch self {
    case .any: [user.name, user.email, user.city].map { $0.lowercased() }
    case .name: [user.name.lowercased()]
    case .email: [user.email.lowercased()]
    case .city: [user.city.lowercased()]
    }
  }
}

extension Preferences.SortOrder {
  /// What this order compares, lowercased, before the id breaks ties.
  fileprivate func key(of user: User) -> [String] {
    switch self {
    case .name: [user.name.lowercased()]
    case .city: [user.city.lowercased(), user.name.lowercased()]
    case .id: []
    }
  }
}
