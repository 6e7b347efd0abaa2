import Composable
import TerminalApp
import TerminalUI
import UserDetailInterface
import UserFormInterface

/// One user as text.
///
/// What it presents (the delete confirmation, under it; the edit form, another feature's view, in its place)
/// comes from its Destination's cases: `UserDetail.view()` adds
/// `.presenting(\.$destination, action: \.destination, FeatureView(UserDetail.Destination.self))`.
public struct UserDetailView: TextScreenView {
  /// The state it shows.
  public typealias State = UserDetail.State
  /// The actions its commands send.
  public typealias Action = UserDetail.Action

  /// A view of the detail screen.
  public init() {}

  /// The screen as text.
  public func text(_ state: RenderedState<State>, style: TextStyle) -> String {
    var lines: [String] = []
    switch state.status {
    case .idle, .loading:
      lines.append(style.bold("User #\(state.id)"))
      lines.append(style.dim("Loading…"))
    case let .failed(message):
      lines.append(style.bold("User #\(state.id)"))
      lines.append(style.red("Loading failed: \(TerminalText.escaped(message))") + " Type 'retry' or 'back'.")
    case .cancelled:
      lines.append(style.bold("User #\(state.id)"))
      lines.append(style.dim("Loading cancelled.") + " Type 'retry' to load it, or 'back'.")
    case .loaded:
      guard let user = state.user else { break }
      lines.append(style.bold(TerminalText.escaped(user.name)) + (state.isFavorite ? " " + style.yellow("★") : ""))
      lines.append("  email: \(TerminalText.escaped(user.email))")
      lines.append("  city:  \(user.city.isEmpty ? style.dim("(none)") : TerminalText.escaped(user.city))")
      lines.append("  id:    \(user.id)")
    }
    if state.isDeleting { lines.append(style.dim("Deleting…")) }
    if let error = state.errorMessage { lines.append(style.red(error)) }
    return lines.joined(separator: "\n")
  }

  /// What the screen accepts: favorite, edit and delete once the user is shown; retry after a failure.
  public func commands(_ state: RenderedState<State>) -> [TerminalCommand<Action>] {
    switch state.status {
    case .idle, .loading:
      return []
    case .failed, .cancelled:
      return [.simple("retry", help: "Load the user again.", action: .retryTapped)]
    case .loaded:
      return [
        .simple("fav", help: "Mark or unmark as a favorite.", action: .favoriteToggled),
        .simple("edit", help: "Edit the name, email and city.", action: .editTapped),
        .simple("delete", help: "Delete this user (asks first).", action: .deleteTapped),
        .simple("reload", help: "Load the user again.", action: .retryTapped),
      ]
    }
  }
}

extension UserDetail: LinkedFeatureView {
  /// A user's screen, with its alerts and the edit form it presents, as `FeatureView(UserDetail.self)` shows it.
  /// It loads when it first appears without its user, follows the changes other sessions make while it shows,
  /// and a load cancelled by Ctrl-C stops showing "Loading…".
  public static func view() -> some TerminalView<State, Action> {
    UserDetailView()
      .onAppear { $0.status == .idle ? .task : nil }
      .following(send: .followChangesElsewhere)
      .onInterrupt { $0.status == .loading ? [.loadCancelled] : [] }
      .presenting(\.$destination, action: \.destination, FeatureView(UserDetail.Destination.self))
  }
}
