import Composable
import ErrorHandlingInterface
import UserClientInterface
import UserFormInterface

/// One user's screen: shows the user, toggles favorite, edits through a presented form, deletes behind an alert.
///
/// It tells its parent `.delegate(.updated)` after an edit and
/// `.delegate(.deleted)` after a delete, then dismisses itself. The logic is
/// in `UserDetailFeature`.
public struct UserDetail: Reducer {
  /// What the screen shows.
  public struct State: Equatable, Codable, RestorableState, ObservableState {
    /// The user shown.
    public var id: User.ID
    /// The user, once known (a parent that has it passes it in; otherwise the screen loads it).
    public var user: User?
    /// Where loading the user stands.
    public var status: LoadStatus
    /// The favorite users, shared with every feature that shows favorites.
    @Shared(.favorites) public var favorites: Set<User.ID>
    /// Whether a delete is in flight.
    public var isDeleting = false
    /// The last failure of a delete, shown until the next attempt.
    public var errorMessage: String?
    /// The delete confirmation or the edit form, while one is shown.
    @Presents public var destination: Destination.State?

    /// A screen for `user`, already known.
    public init(user: User) {
      id = user.id
      self.user = user
      status = .loaded
    }

    /// A screen that loads the user with `id` when it appears.
    public init(id: User.ID) {
      self.id = id
      status = .idle
    }

    // Favorites are shared, not part of a saved screen: they come back from their own storage.
    private enum CodingKeys: String, CodingKey {
      case id, user, status, isDeleting, errorMessage, destination
    }

    /// Readies the screen to be saved for the next start: a load or delete in flight will not answer a restored
    /// screen, so it is idle and loads the user again when it appears (the user may have changed since).
    public mutating func settleForRestoration() {
      status = .idle
      isDeleting = false
      destination?.settleForRestoration()
    }

    /// Whether `user` is a favorite.
    public var isFavorite: Bool { favorites.contains(id) }
  }

  /// Everything that can happen on the screen.
  public enum Action: Equatable, Codable, CasePathable {
    /// The screen appeared: load the user if it is not known.
    case task
    /// Load again after a failure.
    case retryTapped
    /// The user cancelled the load in progress (Ctrl-C): it stops, and the screen says so.
    case loadCancelled
    /// The screen is shown: follow the changes other sessions make, to show this user as it is stored.
    case followChangesElsewhere
    /// Another session changed the users: load this one again, without showing "Loading…".
    case directoryChanged
    /// Another session deleted the user shown: the screen closes and tells its parent.
    case deletedElsewhere
    /// The client answered a load.
    case userLoaded(User)
    /// The load failed (or the user no longer exists).
    case loadFailed(UserClientFailure)
    /// Mark or unmark the user as a favorite.
    case favoriteToggled
    /// Ask to delete: shows the confirmation.
    case deleteTapped
    /// The delete confirmation's buttons, or the edit form's actions.
    case destination(PresentationAction<Destination.Action>)
    /// The client deleted the user.
    case deleted
    /// The client failed the delete.
    case deleteFailed(UserClientFailure)
    /// Open the edit form.
    case editTapped
    /// What the screen tells its parent.
    case delegate(Delegate)

    /// What the screen tells its parent.
    public enum Delegate: Equatable, Codable, CasePathable {
      /// The user was edited and saved.
      case updated(User)
      /// The user was deleted; the screen dismisses itself.
      case deleted(User.ID)
      /// Another session deleted the user (`name`, when it was loaded); the screen dismisses itself.
      case deletedElsewhere(User.ID, name: String?)
      /// A request failed (here or in the edit form): explain `report`; sending `retry` back makes it again.
      indirect case failed(ErrorReport, retry: Action)
    }
  }

  /// What the screen presents, one at a time (its State, Action and reducer are generated).
  public enum Destination: Reducer {
    /// Saved with the screen, settled before a restore, as the screen's own state is.
    private typealias StateConformances = Equatable & Codable & RestorableState
    /// Recorded and replayed with the screen's actions.
    private typealias ActionConformances = Equatable & Codable
    /// The delete confirmation.
    case alert(AlertState<Alert>)
    /// The edit form.
    case edit(UserForm)

    /// The delete confirmation's buttons.
    public enum Alert: Equatable, Sendable, Codable {
      /// Delete for good.
      case confirmDelete
    }
  }

  /// A detail feature (its logic comes from `UserDetailFeature`).
  public init() {}

  /// The linked logic.
  public var body: some ReducerOf<Self> { FeatureLogic(Self.self) }
}
