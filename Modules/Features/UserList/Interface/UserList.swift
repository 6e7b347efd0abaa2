import Composable
import ErrorHandlingInterface
import Foundation
import SettingsInterface
import UserClientInterface

/// The directory's list screen: loads users, searches, sorts, deletes, marks favorites; selecting tells the parent.
///
/// This is the feature's Interface: what a parent composes. The logic is in
/// `UserListFeature` (see `FeatureLogic`).
public struct UserList: Reducer {
  /// Everything the list shows.
  public struct State: Equatable, Codable, RestorableState, ObservableState {
    /// The page of users shown, with how many match the search and how many the directory holds: the list holds
    /// what it shows, not the directory (which may hold a million users).
    public var shown: UserPage = .empty
    /// The question `shown` answers (nil until the first answer).
    public var shownQuery: UserQuery?
    /// Where loading stands.
    public var status: LoadStatus = .idle
    /// The search text as typed.
    public var query = ""
    /// The search text the list is filtered by (the typed text, once typing pauses).
    public var appliedQuery = ""
    /// The favorite users, shared with every feature that shows favorites.
    @Shared(.favorites) public var favorites: Set<User.ID>
    /// The app's preferences (order, search field, display), shared with Settings: a change there shows when the
    /// list is back in front.
    @Shared(.preferences) public var preferences: Preferences
    /// The last failure of a delete, shown until the next action succeeds.
    public var errorMessage: String?
    /// The delete confirmation, while shown (the same one the detail screen asks).
    @Presents public var alert: AlertState<Action.Alert>?
    /// The page of rows shown, from 1.
    public var page = 1
    /// How many rows a page holds: `defaultRowsPerPage` unless a terminal fitted the list to its height.
    public var rowsPerPage = State.defaultRowsPerPage
    /// Whether the directory changed in this app since the page was read (a user saved or deleted on another
    /// screen): the page is read again when the list is back in front.
    public var isOutdated = false

    /// The page size of scripts and of anything that does not fit the list to a screen, so their output is stable.
    public static let defaultRowsPerPage = 20

    /// A list that has not loaded yet.
    public init() {}

    // A saved list keeps where the user was, not the data: the page is read again when the list appears (a
    // session file stays a few hundred bytes however large the directory). Favorites and preferences are shared
    // and come back from their own storage. The page number is not kept either: a restored list starts at the
    // top of a list that may have changed.
    private enum CodingKeys: String, CodingKey {
      case status, query, appliedQuery, errorMessage, alert
    }

    /// How the list is ordered (a preference).
    public var sort: SortOrder { preferences.sortOrder }

    /// The question the list asks the directory now: its applied search in the preferred field and order, for the
    /// page shown. When it differs from `shownQuery`, the page shown is out of date.
    public var pageQuery: UserQuery {
      UserQuery(
        search: appliedQuery, field: preferences.searchField, order: preferences.sortOrder,
        offset: (max(page, 1) - 1) * max(rowsPerPage, 1), limit: max(rowsPerPage, 1))
    }

    /// Readies the list to be saved for the next start: idle, so the restored list loads again when it appears
    /// (a load in flight will never answer, and the users may have changed since).
    public mutating func settleForRestoration() {
      status = .idle
    }

    /// Shows `user` as saved elsewhere (a form, a detail screen): replaced on the page at once, and the page read
    /// again when the list is back in front (the user may now sort or match elsewhere, or be new).
    ///
    /// Parents call this when a sibling feature tells them a user changed, so the
    /// list is current without a parent sending the list's own actions.
    public mutating func show(saved user: User) {
      if let row = shown.users.firstIndex(where: { $0.id == user.id }), shown.users[row] != user {
        shown.users[row] = user
      }
      isOutdated = true
    }

    /// Forgets a user deleted elsewhere: gone from the page at once, and the page read again when the list is
    /// back in front.
    public mutating func forget(deleted id: User.ID) {
      shown.users.removeAll { $0.id == id }
      isOutdated = true
    }

    /// The user with `id` if it is on the page shown.
    public func shownUser(_ id: User.ID) -> User? { shown.users.first { $0.id == id } }
  }

  /// How the list is ordered (the preference Settings changes too).
  public typealias SortOrder = Preferences.SortOrder

  /// Which field a search looks in (the preference Settings changes too).
  public typealias SearchField = Preferences.SearchField

  /// Everything that can happen to the list.
  public enum Action: Equatable, Codable, CasePathable {
    /// The screen appeared: load if not loaded.
    case task
    /// Load again after a failure (or to refresh).
    case retryTapped
    /// The user cancelled the load in progress (Ctrl-C): it stops, and the screen says so.
    case loadCancelled
    /// The list is on screen: follow the changes other sessions make to the users, until it goes.
    case followChangesElsewhere
    /// Another session changed the users: the list reads its page again, without showing "Loading…".
    case directoryChanged
    /// The list is back in front with its page out of date (changed on another screen, or asked differently):
    /// read it again, without showing "Loading…".
    case refresh
    /// The client answered the question the list asked.
    case pageLoaded(UserQuery, UserPage)
    /// The client failed a load.
    case loadFailed(UserClientFailure)
    /// The search text changed (as typed): the list filters once typing pauses.
    case queryChanged(String)
    /// A whole search was entered (a command line, a script's line): the list filters by it at once.
    case querySubmitted(String)
    /// Typing paused: filter by this text.
    case queryApplied(String)
    /// The sort order changed.
    case sortChanged(SortOrder)
    /// Show this page of rows (from 1).
    case pageShown(Int)
    /// The screen has room for this many rows a page (the terminal's height).
    case rowsPerPageChanged(Int)
    /// Mark or unmark a favorite.
    case favoriteToggled(User.ID)
    /// Ask to delete a user: shows the confirmation.
    case deleteTapped(User.ID)
    /// The delete confirmation's buttons.
    case alert(PresentationAction<Alert>)
    /// Delete a user for good (what confirming does; the error screen's retry sends it again).
    case deleteConfirmed(User.ID)
    /// The client deleted the user.
    case deleted(User.ID)
    /// The client failed a delete.
    case deleteFailed(UserClientFailure)
    /// The user picked a row.
    case userTapped(User.ID)
    /// A row of another page was named by its number (a script's `open 45`): read its user, then do `request`.
    case rowRequested(Int, RowRequest)
    /// The user in row `row`, read for `request` (nil: the list has no such row any more).
    case rowRead(row: Int, RowRequest, User?)
    /// The user asked to add someone.
    case addTapped
    /// The user asked for the settings.
    case settingsTapped
    /// The user asked about the app and its data.
    case appInfoTapped
    /// What the list tells its parent.
    case delegate(Delegate)

    /// What the list tells its parent.
    public enum Delegate: Equatable, Codable, CasePathable {
      /// A user was picked: show it.
      case selected(User.ID)
      /// The user asked to add someone: present a form.
      case addRequested
      /// The user asked for the settings.
      case settingsRequested
      /// The user asked about the app and its data.
      case appInfoRequested
      /// A request failed: explain `report`; sending `retry` back to the list makes the request again.
      indirect case failed(ErrorReport, retry: Action)
    }

    /// What to do with the user of a row named on another page.
    public enum RowRequest: String, Equatable, Sendable, Codable {
      /// Show the user.
      case open
      /// Mark or unmark the user as a favorite.
      case favorite
      /// Ask to delete the user.
      case delete
    }

    /// The delete confirmation's buttons.
    public enum Alert: Equatable, Sendable, Codable {
      /// Delete this user for good.
      case confirmDelete(User.ID)
    }
  }

  /// A list feature (its logic comes from `UserListFeature`).
  public init() {}

  /// The linked logic.
  public var body: some ReducerOf<Self> { FeatureLogic(Self.self) }
}
