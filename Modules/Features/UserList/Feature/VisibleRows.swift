import Composable
import TerminalApp
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
/// compare their storage first). Rows are positions in the users array, not
/// copies of the users: a page reads only the users it shows.
final class VisibleRows {
  private var sortedFor: (users: IdentifiedArrayOf<User>, order: UserList.SortOrder)?
  /// The users' positions in sorted order.
  private var sorted: [Int] = []
  /// The users' fields in lower case and in storage order: made at the first search after the users change,
  /// and kept across changes of order.
  private var columnsFor: IdentifiedArrayOf<User>?
  private var names = SearchColumn([])
  private var emails = SearchColumn([])
  private var cities = SearchColumn([])
  private var filteredFor: (needle: String, field: Preferences.SearchField)?
  private var filtered: [Int] = []

  /// The rows `state` shows: filtered by its applied search, in its order.
  func rows(for state: UserList.State) -> Rows {
    rows(of: state.users, query: state.appliedQuery, preferences: state.preferences)
  }

  /// The rows a screen shows, reading only the fields they come from.
  func rows(for state: RenderedState<UserList.State>) -> Rows {
    rows(of: state.users, query: state.appliedQuery, preferences: state.preferences)
  }

  /// The rows of `users` filtered by `query` in the preferred search field, in the preferred order.
  private func rows(of users: IdentifiedArrayOf<User>, query: String, preferences: Preferences) -> Rows {
    let order = preferences.sortOrder
    if sortedFor?.order == order, sortedFor?.users == users {
      // Equal users in another array (a user saved unchanged): keep that array, so the next check is immediate.
      sortedFor = (users, order)
    } else {
      sorted = order.sortedPositions(users.elementsArray)
      sortedFor = (users, order)
      filteredFor = nil
    }
    let needle = query.trimmingCharacters(in: .whitespaces).lowercased()
    guard !needle.isEmpty else { return Rows(users: users.elementsArray, positions: sorted) }
    let field = preferences.searchField
    if filteredFor?.needle != needle || filteredFor?.field != field {
      if columnsFor != users {
        names = SearchColumn(users.lazy.map { $0.name })
        emails = SearchColumn(users.lazy.map { $0.email })
        cities = SearchColumn(users.lazy.map { $0.city })
      }
      columnsFor = users
      let bytes = Array(needle.utf8)
      let columns =
        switch field {
        case .any: [names, emails, cities]
        case .name: [names]
        case .email: [emails]
        case .city: [cities]
        }
      // Scanned in storage order, as the columns are laid out (a scan in sorted order jumps around megabytes of
      // text and took ten times longer), then read back in sorted order.
      let matches = users.indices.map { position in columns.contains { $0.row(position, contains: bytes) } }
      filtered = sorted.filter { matches[$0] }
      filteredFor = (needle, field)
    }
    return Rows(users: users.elementsArray, positions: filtered)
  }
}

/// The rows a list shows, in order: positions into its users.
struct Rows: RandomAccessCollection {
  let users: [User]
  let positions: [Int]

  var startIndex: Int { 0 }
  var endIndex: Int { positions.count }
  subscript(row: Int) -> User { users[positions[row]] }
}
