import Composable
import TerminalApp
import TerminalUI
import UserClientInterface
import UserListInterface

/// The list as text: a status line, the page of rows shown numbered, favorites starred; commands by row number,
/// and `next`/`prev`/`page` through the pages.
public struct UserListView: TextScreenView {
  /// The state it shows.
  public typealias State = UserList.State
  /// The actions its commands send.
  public typealias Action = UserList.Action

  /// A view of the list.
  public init() {}

  /// The lines the screen uses besides its rows: the title and the line saying which rows show.
  static let chromeRows = 2

  /// The screen as text.
  public func text(_ state: RenderedState<State>, style: TextStyle) -> String {
    let shown = state.shown
    var lines = [style.bold("Users") + summary(state, shown: shown)]
    switch state.status {
    case .idle:
      lines.append(style.dim("Not loaded yet. Type 'reload'."))
    case .loading:
      lines.append(style.dim("Loading…"))
    case let .failed(message):
      lines.append(style.red("Loading failed: \(TerminalText.escaped(message))") + " Type 'retry'.")
    case .cancelled:
      lines.append(style.dim("Loading cancelled.") + " Type 'retry' to load the users.")
    case .loaded:
      if shown.matching == 0 {
        let query = TerminalText.escaped(state.appliedQuery)
        lines.append(style.dim(shown.total == 0 ? "No users yet." : "No user matches “\(query)”."))
      } else {
        let paging = Paging(state.rowsPerPage, shown: shown)
        if !shown.users.isEmpty { lines.append(rows(of: shown, state: state, style: style)) }
        if paging.pageCount != 1 { lines.append(style.dim(paging.footer)) }
      }
    }
    if let error = state.errorMessage { lines.append(style.red(TerminalText.escaped(error))) }
    return lines.joined(separator: "\n")
  }

  /// The rows of the page shown, numbered as in the whole list.
  private func rows(of shown: UserPage, state: RenderedState<State>, style: TextStyle) -> String {
    let width = String(shown.offset + shown.users.count).count
    // Shared values are read once: each read goes through the shared reference's lock and observation.
    let favorites = state.favorites
    let display = state.preferences.display
    let star = style.yellow("★")
    var text = ""
    for (index, user) in shown.users.enumerated() {
      if index > 0 { text.append("\n") }
      let number = String(shown.offset + index + 1)
      if number.utf8.count < width { text.append(String(repeating: " ", count: width - number.utf8.count)) }
      text.append(number)
      text.append(". ")
      text.append(favorites.contains(user.id) ? star : " ")
      text.append(" ")
      text.append(TerminalText.escaped(user.name))
      if display == .detailed {
        text.append(" <")
        text.append(TerminalText.escaped(user.email))
        text.append(">")
      }
      if !user.city.isEmpty { text.append(style.dim(" · " + TerminalText.escaped(user.city))) }
    }
    return text
  }

  private func summary(_ state: RenderedState<State>, shown: UserPage) -> String {
    var parts: [String] = []
    if state.status == .loaded { parts.append("\(Paging.count(shown)) of \(shown.total)") }
    if !state.appliedQuery.isEmpty {
      let field = state.preferences.searchField
      let query = TerminalText.escaped(state.appliedQuery)
      parts.append("search “\(query)”" + (field == .any ? "" : " in \(field.rawValue)"))
    }
    parts.append("sorted by \(state.preferences.sortOrder.rawValue)")
    return " (" + parts.joined(separator: ", ") + ")"
  }

  /// The commands of the list; row numbers are the numbers shown, on any page.
  public func commands(_ state: RenderedState<State>) -> [TerminalCommand<Action>] {
    let shown = state.shown
    let paging = Paging(state.rowsPerPage, shown: shown)
    // Shared: read once.
    let preferences = state.preferences
    let users = shown.users
    let rowsShown = (shown.offset + 1)...max(shown.offset + shown.users.count, shown.offset + 1)
    // Tab offers the rows on the page, listed with their users' names.
    let candidates = shown.users.enumerated().map {
      CompletionCandidate(String(shown.offset + $0.offset + 1), note: $0.element.name)
    }
    // Any row of the list can be named: one on the page acts at once, another is read first.
    let lastRow = shown.matchingIsExact ? max(shown.matching, 1) : Int(Int32.max)
    func row(
      _ name: String, help: String, _ request: UserList.Action.RowRequest,
      _ action: @escaping (User.ID) -> UserList.Action
    ) -> TerminalCommand<UserList.Action> {
      TerminalCommand(name, arguments: ["<row>"], help: help) { words in
        guard shown.matching > 0 else { return .failure(CommandError("There are no rows to \(name).")) }
        return TerminalCommand<Int>.number(name, argument: "row", in: 1...lastRow, help: help) { $0 }
          .parse(words).map { number in
            rowsShown.contains(number) && number - shown.offset <= shown.users.count
              ? action(shown.users[number - shown.offset - 1].id) : .rowRequested(number, request)
          }
      }
      .completing { $0.isEmpty ? candidates : [] }
    }
    return [
      row("open", help: "Show the user in that row.", .open, UserList.Action.userTapped),
      .simple("add", help: "Add a user.", action: .addTapped),
      TerminalCommand.text(
        "search", argument: "text", help: "Filter by the search field of the settings ('search' alone clears).",
        allowEmpty: true, action: UserList.Action.querySubmitted
      )
      .completing { typed in
        CompletionCandidate.continuing(typed, among: Self.searchedValues(users, preferences.searchField))
      },
      .choice(
        "sort", of: UserList.SortOrder.self, current: preferences.sortOrder, help: "Change the order.",
        action: UserList.Action.sortChanged),
      row(
        "fav", help: "Mark or unmark the user in that row as a favorite.", .favorite, UserList.Action.favoriteToggled),
      row("delete", help: "Delete the user in that row (asks first).", .delete, UserList.Action.deleteTapped),
    ]
      + Self.pagingCommands(paging) + [
        .simple(
          state.status.isFailed || state.status == .cancelled ? "retry" : "reload", help: "Load the users again.",
          action: .retryTapped),
        .simple("settings", help: "Change the order, search field and display.", action: .settingsTapped),
        .simple("info", help: "About the app and its data files.", action: .appInfoTapped),
      ]
  }

  /// `next`, `prev` and `page <n>` through the pages.
  private static func pagingCommands(_ paging: Paging) -> [TerminalCommand<Action>] {
    [
      TerminalCommand("next", help: "Show the next page of rows.") { words in
        guard words.isEmpty else { return .failure(CommandError("'next' takes no arguments.")) }
        guard paging.hasNext else { return .failure(CommandError("This is the last page.")) }
        return .success(.pageShown(paging.page + 1))
      },
      TerminalCommand("prev", help: "Show the previous page of rows.") { words in
        guard words.isEmpty else { return .failure(CommandError("'prev' takes no arguments.")) }
        guard paging.page > 1 else { return .failure(CommandError("This is the first page.")) }
        return .success(.pageShown(paging.page - 1))
      },
      .number(
        "page", argument: "n", naming: "page", in: 1...paging.lastPageNamed, help: "Show that page of rows.",
        action: UserList.Action.pageShown),
    ]
  }

  /// What `search` looks in, for Tab to offer: the names, emails or cities of the users shown, or names and
  /// cities when the search looks in any field.
  private static func searchedValues(_ users: [User], _ field: UserList.SearchField) -> [String] {
    switch field {
    case .name: return users.map(\.name)
    case .email: return users.map(\.email)
    case .city: return users.map(\.city).filter { !$0.isEmpty }
    case .any: return users.map(\.name) + users.map(\.city).filter { !$0.isEmpty }
    }
  }

}

/// Which page of the list is shown and what lies beyond it.
struct Paging {
  /// The page shown, from 1.
  let page: Int
  /// How many pages the matches fill (the pages counted so far when the count stopped).
  let pageCount: Int
  /// Whether the count of matches stopped before the end.
  let isCountOpen: Bool
  let shown: UserPage
  let rowsPerPage: Int

  /// The paging of `shown`, `rowsPerPage` a page.
  init(_ rowsPerPage: Int, shown: UserPage) {
    let size = max(rowsPerPage, 1)
    self.shown = shown
    self.rowsPerPage = size
    page = shown.offset / size + 1
    pageCount = max((shown.matching + size - 1) / size, 1)
    isCountOpen = !shown.matchingIsExact
  }

  /// Whether a page follows this one.
  var hasNext: Bool { isCountOpen ? shown.users.count == rowsPerPage : page < pageCount }

  /// The largest page number `page <n>` takes: the last page, or any page while the count is open (an empty one
  /// says so).
  var lastPageNamed: Int { isCountOpen ? Int(Int32.max) : pageCount }

  /// "12" or "10000+": how many users match.
  static func count(_ shown: UserPage) -> String { shown.matchingIsExact ? "\(shown.matching)" : "\(shown.matching)+" }

  /// Which rows show and how to see the others.
  var footer: String {
    guard !shown.users.isEmpty else {
      return "Page \(page) is past the last of the \(Self.count(shown)) rows; 'prev' goes back, 'page <n>' jumps."
    }
    let rows = "Rows \(shown.offset + 1)–\(shown.offset + shown.users.count)"
    let pages = isCountOpen ? "page \(page)" : "page \(page) of \(pageCount)"
    let hint = hasNext ? "'next' shows more, 'page <n>' jumps" : "'prev' goes back, 'page <n>' jumps"
    return "\(rows) of \(Self.count(shown)), \(pages); \(hint)."
  }
}

extension UserList: LinkedFeatureView {
  /// The list, with its alerts, as `FeatureView(UserList.self)` shows it. It loads when it first appears (and
  /// after a restore reset the status to idle), and reads the page again when it is back in front with its page
  /// out of date (a user saved elsewhere, the settings changed); it follows the changes other sessions make while
  /// it shows; a load cancelled by Ctrl-C stops showing "Loading…"; its pages are as tall as the room left under
  /// the title and above the rows line.
  public static func view() -> some TerminalView<State, Action> {
    UserListView()
      .onAppear { state in
        if state.status == .idle { return .task }
        return state.isOutdated || state.shownQuery != state.pageQuery ? .refresh : nil
      }
      .following(send: .followChangesElsewhere)
      .onInterrupt { $0.status == .loading ? [.loadCancelled] : [] }
      .onResize { room, state in
        let rows = max(room.rows - UserListView.chromeRows, 3)
        return rows == state.rowsPerPage ? [] : [.rowsPerPageChanged(rows)]
      }
      .alert(\.$alert, action: \.alert)
  }
}
