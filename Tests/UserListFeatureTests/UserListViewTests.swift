import Composable
import Testing
import TerminalUI
import UserClientInterface
import UserListFeature
import UserListInterface

@MainActor struct UserListViewTests {
  private let view = UserListView()

  static let users = [
    User(id: 1, name: "Ada Lovelace", email: "ada@example.com", city: "London"),
    User(id: 2, name: "Grace Hopper", email: "grace@example.com"),
  ]

  private func state() -> UserList.State {
    withDependencies({ $0.sharedStorage = SharedStorage(fileSystem: .inMemory()) }) {
      var state = UserList.State()
      state.status = .loaded
      state.$favorites.withLock { $0 = [2] }
      return state.answered()
    }
  }

  @Test func rendersRowsWithFavoritesAndStatus() {
    #expect(
      view.render(state(), style: .plain) == """
        Users (2 of 2, sorted by name)
        1.   Ada Lovelace <ada@example.com> · London
        2. ★ Grace Hopper <grace@example.com>
        """)
    var failed = withDependencies({ $0.sharedStorage = SharedStorage(fileSystem: .inMemory()) }) { UserList.State() }
    failed.status = .failed("disk full")
    #expect(view.render(failed, style: .plain) == "Users (sorted by name)\nLoading failed: disk full Type 'retry'.")
  }

  @Test func tabOffersTheRowsOfThePageWithTheirNamesAndTheNamesAndCitiesToSearch() {
    var state = state()
    #expect(
      view.completionCandidates(before: ["open"], in: state) == [
        CompletionCandidate("1", note: "Ada Lovelace"), CompletionCandidate("2", note: "Grace Hopper"),
      ])
    #expect(view.completionCandidates(before: ["open", "1"], in: state) == [])
    #expect(view.completions(before: ["search"], in: state) == ["Ada Lovelace", "Grace Hopper", "London"])
    // One word at a time: after "ada", the rest of her name.
    #expect(view.completions(before: ["search", "ada"], in: state) == ["Lovelace"])
    state.$preferences.withLock { $0.searchField = .email }
    #expect(view.completions(before: ["search"], in: state) == ["ada@example.com", "grace@example.com"])
    // Only the rows on the page shown.
    state.rowsPerPage = 1
    state.page = 2
    state = state.answered()
    #expect(view.completionCandidates(before: ["fav"], in: state) == [CompletionCandidate("2", note: "Grace Hopper")])
    #expect(view.completionCandidates(before: ["sort"], in: state).first { !$0.note.isEmpty }?.value == "name")
  }

  @Test func rowNumbersReferToTheRowsAsShown() throws {
    var sorted = state()
    sorted.$preferences.withLock { $0.sortOrder = .id }
    sorted = sorted.answered()
    #expect(try view.action(for: "open 2", in: sorted).get() == .userTapped(2))
    sorted.appliedQuery = "grace"
    sorted = sorted.answered()
    #expect(try view.action(for: "fav 1", in: sorted).get() == .favoriteToggled(2))
    #expect(view.action(for: "delete 2", in: sorted) == .failure(CommandError("No row 2: choose 1–1.")))
    #expect(view.action(for: "sort size", in: sorted) == .failure(CommandError("'sort' needs one of: name, city, id.")))
  }

  @Test func anEmptyListRefusesRowCommands() {
    var empty = UserList.State()
    empty.status = .loaded
    #expect(view.action(for: "open 1", in: empty) == .failure(CommandError("There are no rows to open.")))
  }
}

extension UserList.State {
  /// This list showing the page its question asks, as the client answers it for the two users of these tests.
  @MainActor fileprivate func answered() -> Self {
    var state = self
    state.shown = pageQuery.answer(over: UserListViewTests.users)
    state.shownQuery = pageQuery
    return state
  }
}
