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

/// Long lists: one page at a time, numbered as in the whole list, fitted to the terminal, read page by page.
@MainActor struct UserListPagingTests {
  private var view: some TerminalView<UserList.State, UserList.Action> { UserList.view() }

  /// `count` users named "Person 001"….
  private func people(_ count: Int) -> [User] {
    (1...count).map { User(id: User.ID($0), name: String(format: "Person %03d", $0), email: "p\($0)@example.com") }
  }

  /// A list of `count` people, `rowsPerPage` rows a page, showing page `page` as the client answers it.
  private func list(_ count: Int, rowsPerPage: Int = 3, page: Int = 1) -> UserList.State {
    withDependencies({ $0.sharedStorage = SharedStorage(fileSystem: .inMemory()) }) {
      var state = UserList.State.loaded(people(count))
      state.rowsPerPage = rowsPerPage
      state.page = page
      state.shown = state.pageQuery.answer(over: people(count))
      state.shownQuery = state.pageQuery
      return state
    }
  }

  private func command(_ line: String, in state: UserList.State) -> Result<UserList.Action, CommandError> {
    view.action(for: line, in: state)
  }

  @Test func aPageShowsItsRowsNumberedAsInTheWholeListAndSaysWhichRowsShow() {
    let state = list(7, page: 2)
    #expect(
      view.render(state, style: .plain) == """
        Users (7 of 7, sorted by name)
        4.   Person 004 <p4@example.com>
        5.   Person 005 <p5@example.com>
        6.   Person 006 <p6@example.com>
        Rows 4–6 of 7, page 2 of 3; 'next' shows more, 'page <n>' jumps.
        """)
    #expect(
      view.render(list(7, page: 3), style: .plain).hasSuffix(
        "Rows 7–7 of 7, page 3 of 3; 'prev' goes back, 'page <n>' jumps."))
    // One page: no rows line.
    #expect(!view.render(list(3), style: .plain).contains("Rows"))
  }

  @Test func nextPrevAndPageMoveWithinTheListAndRefuseToLeaveIt() {
    let state = list(7)
    #expect(command("next", in: state) == .success(.pageShown(2)))
    #expect(command("prev", in: state) == .failure(CommandError("This is the first page.")))
    #expect(command("page 3", in: state) == .success(.pageShown(3)))
    #expect(command("page 4", in: state) == .failure(CommandError("No page 4: choose 1–3.")))
    let last = list(7, page: 3)
    #expect(command("next", in: last) == .failure(CommandError("This is the last page.")))
    #expect(command("prev", in: last) == .success(.pageShown(2)))
    // Row numbers are those of the whole list: a row on the page acts at once, another is read first.
    #expect(command("open 7", in: last) == .success(.userTapped(7)))
    #expect(command("fav 5", in: list(7, page: 2)) == .success(.favoriteToggled(5)))
    #expect(command("open 7", in: state) == .success(.rowRequested(7, .open)))
    #expect(command("delete 1", in: last) == .success(.rowRequested(1, .delete)))
    #expect(command("open 8", in: state) == .failure(CommandError("No row 8: choose 1–7.")))
  }

  @Test func aCountThatStoppedSaysSoAndPagingGoesOn() {
    var state = list(30, rowsPerPage: 10, page: 2)
    state.shown.matching = 15
    state.shown.matchingIsExact = false
    let screen = view.render(state, style: .plain)
    #expect(screen.hasPrefix("Users (15+ of 30, sorted by name)"))
    #expect(screen.hasSuffix("Rows 11–20 of 15+, page 2; 'next' shows more, 'page <n>' jumps."))
    #expect(command("next", in: state) == .success(.pageShown(3)))
    #expect(command("page 40", in: state) == .success(.pageShown(40)))
    // A page past the end of an open count says so (the last page is not known).
    var past = list(30, rowsPerPage: 10, page: 40)
    past.shown = UserPage(users: [], offset: 390, matching: 15, matchingIsExact: false, total: 30)
    #expect(
      view.render(past, style: .plain).hasSuffix(
        "Page 40 is past the last of the 15+ rows; 'prev' goes back, 'page <n>' jumps."))
    #expect(command("next", in: past) == .failure(CommandError("This is the last page.")))
  }

  @Test func searchingOrSortingGoesBackToTheFirstPageAndAResizeKeepsTheFirstRowShown() async {
    let users = people(30)
    let store = TestStore(initialState: list(30, rowsPerPage: 10)) {
      UserList()
    } withDependencies: {
      $0[UserClient.self] = .inMemory(users)
    }
    await store.send(.pageShown(3)) { $0.page = 3 }
    await store.receive(\.pageLoaded) {
      $0.shown = UserQuery(offset: 20, limit: 10).answer(over: users)
      $0.shownQuery = UserQuery(offset: 20, limit: 10)
    }
    // Row 21 was first on the page; with 4 rows a page it is on page 6.
    await store.send(.rowsPerPageChanged(4)) {
      $0.rowsPerPage = 4
      $0.page = 6
    }
    await store.receive(\.pageLoaded) {
      $0.shown = UserQuery(offset: 20, limit: 4).answer(over: users)
      $0.shownQuery = UserQuery(offset: 20, limit: 4)
    }
    await store.send(.queryApplied("person 01")) {
      $0.appliedQuery = "person 01"
      $0.page = 1
    }
    await store.receive(\.pageLoaded) {
      $0.shown = UserQuery(search: "person 01", limit: 4).answer(over: users)
      $0.shownQuery = UserQuery(search: "person 01", limit: 4)
    }
    await store.send(.pageShown(2)) { $0.page = 2 }
    await store.receive(\.pageLoaded) {
      $0.shown = UserQuery(search: "person 01", offset: 4, limit: 4).answer(over: users)
      $0.shownQuery = UserQuery(search: "person 01", offset: 4, limit: 4)
    }
    await store.send(.sortChanged(.city)) {
      $0.page = 1
      $0.$preferences.withLock { $0.sortOrder = .city }
    }
    await store.receive(\.pageLoaded) {
      $0.shown = UserQuery(search: "person 01", order: .city, limit: 4).answer(over: users)
      $0.shownQuery = UserQuery(search: "person 01", order: .city, limit: 4)
    }
  }

  @Test func theListAsksForPagesAsTallAsTheRoomLeftUnderItsTitle() {
    let state = list(50, rowsPerPage: UserList.State.defaultRowsPerPage)
    #expect(view.fitActions(for: TerminalSize(rows: 30, columns: 80), in: state) == [.rowsPerPageChanged(28)])
    var fitted = state
    fitted.rowsPerPage = 28
    #expect(view.fitActions(for: TerminalSize(rows: 30, columns: 80), in: fitted) == [])
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
    state.shown.users = [User(id: 1, name: "Eve\u{1B}[2J", email: "e\u{07}@x", city: "Tab\tCity")]
    let screen = view.render(state, style: .plain)
    #expect(screen.contains(#"Eve\e[2J <e\x07@x> · Tab\tCity"#))
    #expect(!screen.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
  }
}
