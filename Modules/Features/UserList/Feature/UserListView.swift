import Composable
import TerminalUI
import UserClientInterface
import UserListInterface

/// The list as text: a status line, the visible rows numbered, favorites starred; commands by row number.
public struct UserListView: TerminalView {
  /// A view of the list.
  public init() {}

  /// The screen for `state`.
  public func render(_ state: UserList.State, style: TextStyle) -> String {
    // Filtered and sorted once per render, not once per use.
    let rows = state.status == .loaded ? state.visibleUsers : []
    var lines = [style.bold("Users") + summary(state, visible: rows.count)]
    switch state.status {
    case .idle:
      lines.append(style.dim("Not loaded yet. Type 'reload'."))
    case .loading:
      lines.append(style.dim("Loading…"))
    case let .failed(message):
      lines.append(style.red("Loading failed: \(message)") + " Type 'retry'.")
    case .loaded:
      if rows.isEmpty {
        lines.append(style.dim(state.users.isEmpty ? "No users yet." : "No user matches “\(state.appliedQuery)”."))
      }
      let width = String(rows.count).count
      // Shared values are read once: each read goes through the shared reference's lock and observation.
      let favorites = state.favorites
      let display = state.preferences.display
      let star = style.yellow("★")
      // One string appended to in place: a long list costs one allocation per row at most, not five.
      var text = ""
      text.reserveCapacity(rows.count * 64)
      for (index, user) in rows.enumerated() {
        if index > 0 { text.append("\n") }
        let number = String(index + 1)
        if number.utf8.count < width { text.append(String(repeating: " ", count: width - number.utf8.count)) }
        text.append(number)
        text.append(". ")
        text.append(favorites.contains(user.id) ? star : " ")
        text.append(" ")
        text.append(user.name)
        if display == .detailed {
          text.append(" <")
          text.append(user.email)
          text.append(">")
        }
        if !user.city.isEmpty { text.append(style.dim(" · " + user.city)) }
      }
      if !rows.isEmpty { lines.append(text) }
    }
    if let error = state.errorMessage { lines.append(style.red(error)) }
    return lines.joined(separator: "\n")
  }

  private func summary(_ state: UserList.State, visible: Int) -> String {
    var parts: [String] = []
    if state.status == .loaded { parts.append("\(visible) of \(state.users.count)") }
    if !state.appliedQuery.isEmpty {
      let field = state.preferences.searchField
      parts.append("search “\(state.appliedQuery)”" + (field == .any ? "" : " in \(field.rawValue)"))
    }
    parts.append("sorted by \(state.sort.rawValue)")
    return " (" + parts.joined(separator: ", ") + ")"
  }

  /// The commands of the list; row numbers refer to the rows as shown.
  public func commands(for state: UserList.State) -> [TerminalCommand<UserList.Action>] {
    let rows = state.visibleUsers
    let range = 1...max(rows.count, 1)
    func row(_ name: String, help: String, _ action: @escaping (User.ID) -> UserList.Action) -> TerminalCommand<
      UserList.Action
    > {
      TerminalCommand(name, arguments: ["<row>"], help: help) { words in
        guard !rows.isEmpty else { return .failure(CommandError("There are no rows to \(name).")) }
        return TerminalCommand<Int>.number(name, argument: "row", in: range, help: help) { $0 }
          .parse(words).map { action(rows[$0 - 1].id) }
      }
    }
    return [
      row("open", help: "Show the user in that row.", UserList.Action.userTapped),
      .simple("add", help: "Add a user.", action: .addTapped),
      .text(
        "search", argument: "text", help: "Filter by the search field of the settings ('search' alone clears).",
        allowEmpty: true, action: UserList.Action.queryChanged),
      .choice("sort", of: UserList.SortOrder.self, help: "Change the order.", action: UserList.Action.sortChanged),
      row("fav", help: "Mark or unmark the user in that row as a favorite.", UserList.Action.favoriteToggled),
      row("delete", help: "Delete the user in that row (asks first).", UserList.Action.deleteTapped),
      .simple(state.status.isFailed ? "retry" : "reload", help: "Load the users again.", action: .retryTapped),
      .simple("settings", help: "Change the order, search field and display.", action: .settingsTapped),
      .simple("info", help: "About the app and its data files.", action: .appInfoTapped),
    ]
  }

  /// Load when the list first appears (and after a restore reset the status to idle).
  public func appearAction(for state: UserList.State) -> UserList.Action? {
    state.status == .idle ? .task : nil
  }
}
