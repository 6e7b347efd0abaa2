import Composable
import ComposableTesting
import Foundation
import SettingsInterface
import TerminalUI
import Testing
import UserClientInterface
import UserListFeature
import UserListInterface
import UserListTesting

/// Long lists: one page at a time, numbered as in the whole list, fitted to the terminal, fast to sort and search.
@MainActor struct UserListPagingTests {
  private let view = UserListView()

  /// `count` users named "Person 001"…, in a list of `rowsPerPage` rows a page.
  private func list(_ count: Int, rowsPerPage: Int = 3) -> UserList.State {
    withDependencies({ $0.sharedStorage = SharedStorage(fileSystem: .inMemory()) }) {
      var state = UserList.State.loaded(
        (1...count).map { User(id: User.ID($0), name: String(format: "Person %03d", $0), email: "p\($0)@example.com") })
      state.rowsPerPage = rowsPerPage
      return state
    }
  }

  private func command(_ line: String, in state: UserList.State) -> Result<UserList.Action, CommandError> {
    view.action(for: line, in: state)
  }

  @Test func aPageShowsItsRowsNumberedAsInTheWholeListAndSaysWhichRowsShow() {
    var state = list(7)
    state.page = 2
    #expect(
      view.render(state, style: .plain) == """
        Users (7 of 7, sorted by name)
        4.   Person 004 <p4@example.com>
        5.   Person 005 <p5@example.com>
        6.   Person 006 <p6@example.com>
        Rows 4–6 of 7, page 2 of 3; 'next' shows more, 'page <n>' jumps.
        """)
    // A page past the end (the list got shorter) shows the last page.
    state.page = 9
    #expect(
      view.render(state, style: .plain).hasSuffix("Rows 7–7 of 7, page 3 of 3; 'prev' goes back, 'page <n>' jumps."))
    // One page: no rows line.
    #expect(!view.render(list(3), style: .plain).contains("Rows"))
  }

  @Test func nextPrevAndPageMoveWithinTheListAndRefuseToLeaveIt() {
    var state = list(7)
    #expect(command("next", in: state) == .success(.pageShown(2)))
    #expect(command("prev", in: state) == .failure(CommandError("This is the first page.")))
    #expect(command("page 3", in: state) == .success(.pageShown(3)))
    #expect(command("page 4", in: state) == .failure(CommandError("No n 4: choose 1–3.")))
    state.page = 3
    #expect(command("next", in: state) == .failure(CommandError("This is the last page.")))
    #expect(command("prev", in: state) == .success(.pageShown(2)))
    // Row numbers are those of the whole list, whichever page shows.
    #expect(command("open 7", in: list(7)) == .success(.userTapped(7)))
  }

  @Test func searchingOrSortingGoesBackToTheFirstPageAndAResizeKeepsTheFirstRowShown() async {
    let store = TestStore(initialState: list(30, rowsPerPage: 10)) { UserList() }
    await store.send(.pageShown(3)) { $0.page = 3 }
    // Row 21 was first on the page; with 4 rows a page it is on page 6.
    await store.send(.rowsPerPageChanged(4)) {
      $0.rowsPerPage = 4
      $0.page = 6
    }
    await store.send(.queryApplied("person 01")) {
      $0.appliedQuery = "person 01"
      $0.page = 1
    }
    await store.send(.pageShown(2)) { $0.page = 2 }
    await store.send(.sortChanged(.city)) {
      $0.page = 1
      $0.$preferences.withLock { $0.sortOrder = .city }
    }
  }

  @Test func theListAsksForPagesAsTallAsTheRoomLeftUnderItsTitle() {
    let state = list(50, rowsPerPage: UserList.State.defaultRowsPerPage)
    #expect(view.fitActions(for: TerminalSize(rows: 30, columns: 80), in: state) == [.rowsPerPageChanged(28)])
    var fitted = state
    fitted.rowsPerPage = 28
    #expect(view.fitActions(for: TerminalSize(rows: 30, columns: 80), in: fitted) == [])
  }

  @Test func theViewsRowsAreTheStatesVisibleUsersForEveryOrderFieldAndSearch() {
    let users = [
      User(id: 1, name: "Émile Zola", email: "emile@example.com", city: "Paris"),
      User(id: 2, name: "ada lovelace", email: "ADA@example.com", city: "London"),
      User(id: 3, name: "Ada Byron", email: "byron@example.com", city: "london"),
      User(id: 4, name: "Zoë Ada", email: "zoe@example.com", city: "Zürich"),
      User(id: 5, name: "Bob", email: "bob@example.com", city: ""),
      User(id: 6, name: "Ada Byron", email: "byron2@example.com", city: "Paris"),
    ]
    for order in Preferences.SortOrder.allCases {
      for field in Preferences.SearchField.allCases {
        for query in ["", "ada", "LON", "é", "zz", " ada ", "@example"] {
          var state = withDependencies({ $0.sharedStorage = SharedStorage(fileSystem: .inMemory()) }) {
            UserList.State.loaded(users)
          }
          state.$preferences.withLock {
            $0.sortOrder = order
            $0.searchField = field
          }
          state.appliedQuery = query
          state.rowsPerPage = 100
          // Each row is "N. ☆ Name <email> · City"; the name is between the star column and the email.
          let shown = view.render(state, style: .plain).split(separator: "\n")
            .filter { $0.trimmingCharacters(in: .whitespaces).first?.isNumber == true }
            .map { line in
              let afterNumber = line.drop { $0 != "." }.dropFirst(4)
              return String(afterNumber.prefix { $0 != "<" }).trimmingCharacters(in: .whitespaces)
            }
          #expect(shown == state.visibleUsers.map(\.name), "\(order) \(field) '\(query)'")
        }
      }
    }
  }

  @Test func sortingByBytesOrdersAsComparingLowercasedNamesThenIDs() {
    let names = [
      "Émile", "emile", "Zoë", "zoe", "ada", "Ada", "ÅSA", "b", "Ab", "a b", "ab", "Ω", "日本", "ada lovelace x",
    ]
    let users = names.enumerated().map { User(id: User.ID($0.offset + 1), name: $0.element, email: "") }
    let expected = users.sorted { ($0.name.lowercased(), $0.id) < ($1.name.lowercased(), $1.id) }
    #expect(Preferences.SortOrder.name.sorted(users).map(\.id) == expected.map(\.id))
    let cities = users.enumerated().map { index, user in
      User(id: user.id, name: user.name, email: "", city: ["Oslo", "oslo", "Åre", ""][index % 4])
    }
    let byCity = cities.sorted {
      ($0.city.lowercased(), $0.name.lowercased(), $0.id) < ($1.city.lowercased(), $1.name.lowercased(), $1.id)
    }
    #expect(Preferences.SortOrder.city.sorted(cities).map(\.id) == byCity.map(\.id))
  }

  @Test func dataWithControlCharactersIsShownEscaped() {
    var state = list(1)
    state.users = [User(id: 1, name: "Eve\u{1B}[2J", email: "e\u{07}@x", city: "Tab\tCity")]
    let screen = view.render(state, style: .plain)
    #expect(screen.contains(#"Eve\e[2J <e\x07@x> · Tab\tCity"#))
    #expect(!screen.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
  }
}
