import Composable
import ErrorHandlingInterface
import UserClientInterface
import UserListInterface

/// The list's behaviour: loading with a visible status, debounced search, sorting, favorites, deletes.
struct UserListLogic: Reducer {
  typealias State = UserList.State
  typealias Action = UserList.Action

  /// How long typing must pause before the list filters.
  static let searchDelay: Duration = .milliseconds(300)

  private enum CancelID { case load, search, watch }

  @Dependency(UserClient.self) var users
  @Dependency(\.continuousClock) var clock

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .task:
        guard state.status == .idle else { return .none }
        return load(&state)
      case .followChangesElsewhere:
        return followChangesElsewhere()
      case .changedElsewhere:
        switch state.status {
        case .loaded: return reloadQuietly()
        case .failed, .cancelled: return load(&state)
        case .idle, .loading: return .none
        }
      case .retryTapped:
        return load(&state)
      case .loadCancelled:
        guard state.status == .loading else { return .none }
        state.status = .cancelled
        return .cancel(id: CancelID.load)
      case let .usersLoaded(users):
        // A damaged file may repeat an id: keep the first rather than trap.
        state.users = IdentifiedArray(users, uniquingIDsWith: { first, _ in first })
        state.status = .loaded
        return .none
      case let .loadFailed(message):
        state.status = .failed(message)
        let report = ErrorReport(
          title: "Could not load the users.", reason: message,
          suggestion: "Check that the data folder is readable, then retry.")
        return .send(.delegate(.failed(report, retry: .retryTapped)))
      case let .queryChanged(query):
        state.query = query
        return .run { [clock] send in
          try await clock.sleep(for: Self.searchDelay)
          await send(.queryApplied(query))
        }
        .cancellable(id: CancelID.search, cancelInFlight: true)
      case let .queryApplied(query):
        state.appliedQuery = query
        state.page = 1
        return .none
      case let .sortChanged(order):
        state.$preferences.withLock { $0.sortOrder = order }
        state.page = 1
        return .none
      case let .pageShown(page):
        state.page = max(page, 1)
        return .none
      case let .rowsPerPageChanged(rows):
        // The first row shown stays on the page shown.
        let firstRow = (state.page - 1) * state.rowsPerPage
        state.rowsPerPage = max(rows, 1)
        state.page = firstRow / state.rowsPerPage + 1
        return .none
      case let .favoriteToggled(id):
        state.$favorites.withLock { favorites in
          if favorites.remove(id) == nil { favorites.insert(id) }
        }
        return .none
      case let .deleteTapped(id):
        guard let user = state.users[id: id] else { return .none }
        let confirmation = UserDirectoryRules.deleteConfirmation(for: user)
        state.alert = AlertState(
          title: confirmation.title, message: confirmation.message,
          buttons: [.destructive("Delete", action: .confirmDelete(id)), .cancel("Cancel")])
        return .none
      case let .alert(.presented(.confirmDelete(id))):
        return .send(.deleteConfirmed(id))
      case .alert:
        return .none
      case let .deleteConfirmed(id):
        state.errorMessage = nil
        return .run { [users] send in
          try await users.delete(id)
          await send(.deleted(id))
        } catch: { error, send in
          await send(.deleteFailed("\(error)"))
          let report = ErrorReport(
            title: "Could not delete the user.", reason: "\(error)",
            suggestion: "Check that the data folder is writable, then retry.")
          await send(.delegate(.failed(report, retry: .deleteConfirmed(id))))
        }
      case let .deleted(id):
        state.users.remove(id: id)
        state.$favorites.withLock { _ = $0.remove(id) }
        return .none
      case let .deleteFailed(message):
        state.errorMessage = message
        return .none
      case let .userTapped(id):
        return .send(.delegate(.selected(id)))
      case .addTapped:
        return .send(.delegate(.addRequested))
      case .settingsTapped:
        return .send(.delegate(.settingsRequested))
      case .appInfoTapped:
        return .send(.delegate(.appInfoRequested))
      case .delegate:
        return .none
      }
    }
    .ifLet(\.$alert, action: \.alert)
  }

  /// Hears of the changes other sessions make, for as long as the list lives.
  private func followChangesElsewhere() -> Effect<Action> {
    .run { [users] send in
      for await _ in try await users.changesElsewhere() { await send(.changedElsewhere) }
    }
    .cancellable(id: CancelID.watch, cancelInFlight: true)
  }

  /// Loads again with the list still showing: a change made elsewhere replaces it when it arrives.
  private func reloadQuietly() -> Effect<Action> {
    .run { [users] send in
      await send(.usersLoaded(try await users.load()))
    } catch: { error, send in
      await send(.loadFailed("\(error)"))
    }
    .cancellable(id: CancelID.load, cancelInFlight: true)
  }

  private func load(_ state: inout State) -> Effect<Action> {
    state.status = .loading
    return reloadQuietly()
  }
}

extension UserList: LinkedFeatureLogic {
  /// The list's real logic, linked with this module.
  public static func logic() -> Reduce<State, Action> { Reduce(UserListLogic()) }
}
