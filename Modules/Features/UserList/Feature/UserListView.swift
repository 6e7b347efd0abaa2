import Composable
import TerminalApp
import TerminalUI
import UserClientInterface
import UserListInterface

/// The list as text: a status line, one page of the visible rows numbered, favorites starred; commands by row
/// number, and `next`/`prev`/`page` through the pages.
public struct UserListView: FieldObservingView {
  /// Sorts and filters once per change, not once per render.
  private let visible = VisibleRows()

  /// A view of the list.
  public init() {}

  /// The lines the screen uses besides its rows: the title and the line saying which rows show.
  static let chromeRows = 2

  /// The screen for `state`.
  public func render(_ state: RenderedState<UserList.State>, style: TextStyle) -> String {
    let rows = state.status == .loaded ? visible.rows(for: state) : Rows(users: [], positions: [])
    var lines = [style.bold("Users") + summary(state, visible: rows.count)]
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
      if rows.isEmpty {
        let query = TerminalText.escaped(state.appliedQuery)
        lines.append(style.dim(state.users.isEmpty ? "No users yet." : "No user matches “\(query)”."))
      } else {
        let paging = Paging(rowsPerPage: state.rowsPerPage, page: state.page, rowCount: rows.count)
        lines.append(page(of: rows, paging: paging, state: state, style: style))
        if paging.pageCount > 1 { lines.append(style.dim(paging.footer)) }
      }
    }
    if let error = state.errorMessage { lines.append(style.red(TerminalText.escaped(error))) }
    return lines.joined(separator: "\n")
  }

  /// The rows of the page shown, numbered as in the whole list.
  private func page(of rows: Rows, paging: Paging, state: RenderedState<UserList.State>, style: TextStyle) -> String {
    let width = String(rows.count).count
    // Shared values are read once: each read goes through the shared reference's lock and observation.
    let favorites = state.favorites
    let display = state.preferences.display
    let star = style.yellow("★")
    var text = ""
    for index in paging.rows {
      let user = rows[index]
      if index > paging.rows.lowerBound { text.append("\n") }
      let number = String(index + 1)
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

  private func summary(_ state: RenderedState<UserList.State>, visible: Int) -> String {
    var parts: [String] = []
    if state.status == .loaded { parts.append("\(visible) of \(state.users.count)") }
    if !state.appliedQuery.isEmpty {
      let field = state.preferences.searchField
      let query = TerminalText.escaped(state.appliedQuery)
      parts.append("search “\(query)”" + (field == .any ? "" : " in \(field.rawValue)"))
    }
    parts.append("sorted by \(state.preferences.sortOrder.rawValue)")
    return " (" + parts.joined(separator: ", ") + ")"
  }

  /// The commands of the list; row numbers are the numbers shown, on any page.
  public func commands(for state: UserList.State) -> [TerminalCommand<UserList.Action>] {
    let rows = visible.rows(for: state)
    let paging = Paging(state, rowCount: rows.count)
    let range = 1...max(rows.count, 1)
    // Tab offers the rows on the page, listed with their users' names.
    let rowsShown = paging.rows.map { CompletionCandidate(String($0 + 1), note: rows[$0].name) }
    func row(_ name: String, help: String, _ action: @escaping (User.ID) -> UserList.Action) -> TerminalCommand<
      UserList.Action
    > {
      TerminalCommand(name, arguments: ["<row>"], help: help) { words in
        guard !rows.isEmpty else { return .failure(CommandError("There are no rows to \(name).")) }
        return TerminalCommand<Int>.number(name, argument: "row", in: range, help: help) { $0 }
          .parse(words).map { action(rows[$0 - 1].id) }
      }
      .completing { $0.isEmpty ? rowsShown : [] }
    }
    return [
      row("open", help: "Show the user in that row.", UserList.Action.userTapped),
      .simple("add", help: "Add a user.", action: .addTapped),
      TerminalCommand.text(
        "search", argument: "text", help: "Filter by the search field of the settings ('search' alone clears).",
        allowEmpty: true, action: UserList.Action.queryChanged
      )
      .completing { typed in CompletionCandidate.continuing(typed, among: searchedValues(state)) },
      .choice(
        "sort", of: UserList.SortOrder.self, current: state.sort, help: "Change the order.",
        action: UserList.Action.sortChanged),
      row("fav", help: "Mark or unmark the user in that row as a favorite.", UserList.Action.favoriteToggled),
      row("delete", help: "Delete the user in that row (asks first).", UserList.Action.deleteTapped),
      TerminalCommand("next", help: "Show the next page of rows.") { words in
        guard words.isEmpty else { return .failure(CommandError("'next' takes no arguments.")) }
        guard paging.page < paging.pageCount else { return .failure(CommandError("This is the last page.")) }
        return .success(.pageShown(paging.page + 1))
      },
      TerminalCommand("prev", help: "Show the previous page of rows.") { words in
        guard words.isEmpty else { return .failure(CommandError("'prev' takes no arguments.")) }
        guard paging.page > 1 else { return .failure(CommandError("This is the first page.")) }
        return .success(.pageShown(paging.page - 1))
      },
      .number(
        "page", argument: "n", in: 1...paging.pageCount, help: "Show that page of rows.",
        action: UserList.Action.pageShown),
      .simple(
        state.status.isFailed || state.status == .cancelled ? "retry" : "reload", help: "Load the users again.",
        action: .retryTapped),
      .simple("settings", help: "Change the order, search field and display.", action: .settingsTapped),
      .simple("info", help: "About the app and its data files.", action: .appInfoTapped),
    ]
  }

  /// What `search` looks in, for Tab to offer: the names, emails or cities of the users loaded, or names and
  /// cities when the search looks in any field.
  private func searchedValues(_ state: UserList.State) -> [String] {
    switch state.preferences.searchField {
    case .name: state.users.map(\.name)
    case .email: state.users.map(\.email)
    case .city: state.users.map(\.city).filter { !$0.isEmpty }
    case .any: state.users.map(\.name) + state.users.map(\.city).filter { !$0.isEmpty }
    }
  }

  /// While the list shows, it follows the changes other sessions make.
  public func followAction(for state: UserList.State) -> UserList.Action? { .followChangesElsewhere }

  /// Load when the list first appears (and after a restore reset the status to idle).
  public func appearAction(for state: UserList.State) -> UserList.Action? {
    state.status == .idle ? .task : nil
  }

  /// A load cancelled by Ctrl-C stops showing "Loading…".
  public func interruptedActions(in state: UserList.State) -> [UserList.Action] {
    state.status == .loading ? [.loadCancelled] : []
  }

  /// Pages as tall as the room left under the title and above the rows line.
  public func fitActions(for room: TerminalSize, in state: UserList.State) -> [UserList.Action] {
    let rows = max(room.rows - Self.chromeRows, 3)
    return rows == state.rowsPerPage ? [] : [.rowsPerPageChanged(rows)]
  }
}

/// Which rows of the list a page shows.
struct Paging {
  /// The page shown, from 1: the state's page, or the last one when the list got shorter.
  let page: Int
  let pageCount: Int
  /// The indices of the rows on the page.
  let rows: Range<Int>
  let rowCount: Int

  init(_ state: UserList.State, rowCount: Int) {
    self.init(rowsPerPage: state.rowsPerPage, page: state.page, rowCount: rowCount)
  }

  /// The rows of `page` (from 1; the last one past the end), `rowsPerPage` a page.
  init(rowsPerPage: Int, page: Int, rowCount: Int) {
    let size = max(rowsPerPage, 1)
    pageCount = max((rowCount + size - 1) / size, 1)
    self.page = min(max(page, 1), pageCount)
    rows = ((self.page - 1) * size)..<min(self.page * size, rowCount)
    self.rowCount = rowCount
  }

  /// Which rows show and how to see the others.
  var footer: String {
    let hint =
      page < pageCount ? "'next' shows more, 'page <n>' jumps" : "'prev' goes back, 'page <n>' jumps"
    return "Rows \(rows.lowerBound + 1)–\(rows.upperBound) of \(rowCount), page \(page) of \(pageCount); \(hint)."
  }
}

extension UserList: LinkedFeatureView {
  /// The list, with its alerts, as `FeatureView(UserList.self)` shows it.
  public static func view() -> some TerminalView<State, Action> {
    UserListView().alert(\.$alert, action: \.alert)
  }
}
