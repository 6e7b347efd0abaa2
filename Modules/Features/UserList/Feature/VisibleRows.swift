import Composable
import SettingsInterface
import UserClientInterface
import UserListInterface

/// The list's rows as shown: sorted once per change of the users or the order, filtered once per change of the
/// search, and reused by every render and command in between.
///
/// With 100,000 users a sort takes tens of milliseconds, so doing it per render
/// (and again per command) made each screen cost seconds. Filtering a sorted
/// list keeps its order, so clearing a search costs nothing. Comparing the users
/// with the copy kept here is immediate while the array is unchanged (arrays
/// compare their storage first).
final class VisibleRows {
  private var sortedFor: (users: IdentifiedArrayOf<User>, order: UserList.SortOrder)?
  private var sorted: [User] = []
  /// Each sorted user's fields in lower case, made once per sort rather than once per user per search.
  private var searchable: [(name: String, email: String, city: String)] = []
  private var filteredFor: (needle: String, field: Preferences.SearchField)?
  private var filtered: [User] = []

  /// The rows `state` shows: filtered by its applied search, in its order.
  func rows(for state: UserList.State) -> [User] {
    let order = state.sort
    if sortedFor?.order != order || sortedFor?.users != state.users {
      sorted = order.sorted(Array(state.users))
      searchable = sorted.map { ($0.name.lowercased(), $0.email.lowercased(), $0.city.lowercased()) }
      sortedFor = (state.users, order)
      filteredFor = nil
    }
    let needle = state.appliedQuery.trimmingCharacters(in: .whitespaces).lowercased()
    guard !needle.isEmpty else { return sorted }
    let field = state.preferences.searchField
    if filteredFor?.needle != needle || filteredFor?.field != field {
      filtered = zip(sorted, searchable).compactMap { user, fields in
        let matches =
          switch field {
          case .any: fields.name.contains(needle) || fields.email.contains(needle) || fields.city.contains(needle)
          case .name: fields.name.contains(needle)
          case .email: fields.email.contains(needle)
          case .city: fields.city.contains(needle)
          }
        return matches ? user : nil
      }
      filteredFor = (needle, field)
    }
    return filtered
  }
}
