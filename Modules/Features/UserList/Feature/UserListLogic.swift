import Composable
import ErrorHandlingInterface
import UserClientInterface
import UserDetailInterface
import UserListInterface

/// The list's behaviour: a page read from the directory with a visible status, debounced search, sorting, paging,
/// favorites, deletes.
///
/// The list asks the user client one question at a time (`State.pageQuery`):
/// whenever its own actions change the question, the page is read again (the
/// last answer wins; an answer to an older question is dropped).
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
      case .directoryChanged:
        switch state.status {
        case .loaded: return readPage(state.pageQuery)
        case .failed, .cancelled: return load(&state)
        case .idle, .loading: return .none
        }
      case .refresh:
        switch state.status {
        case .loaded: return readPage(state.pageQuery)
        case .idle, .loading, .failed, .cancelled: return .none
        }
      case .retryTapped:
        return load(&state)
      case .loadCancelled:
        guard state.status == .loading else { return .none }
        state.status = .cancelled
        return .cancel(id: CancelID.load)
      case let .pageLoaded(query, page):
        // An answer to a question the list no longer asks: the read of the current one is under way.
        guard query == state.pageQuery else { return .none }
        state.shown = page
        state.shownQuery = query
        state.status = .loaded
        state.isOutdated = false
        if page.users.isEmpty, page.offset > 0, page.matchingIsExact {
          // The list got shorter than the page shown: show its last page (read again through `onChange`).
          state.page = max((page.matching + state.rowsPerPage - 1) / max(state.rowsPerPage, 1), 1)
        }
        return .none
      case let .loadFailed(failure):
        state.status = .failed(failure.message)
        let report = ErrorReport(
          title: "Could not load the users.", reason: failure.message,
          suggestion: failure.suggestion(otherwise: "Check that the data folder is readable, then retry."))
        return .send(.delegate(.failed(report, retry: .retryTapped)))
      case let .queryChanged(query):
        state.query = query
        return .run { [clock] send in
          try await clock.sleep(for: Self.searchDelay)
          await send(.queryApplied(query))
        }
        .cancellable(id: CancelID.search, cancelInFlight: true)
      case let .querySubmitted(query):
        state.query = query
        // Nothing to wait for: a typed search still pending is replaced by this one.
        return .merge(.cancel(id: CancelID.search), .send(.queryApplied(query)))
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
        guard let user = state.shownUser(id) else { return .none }
        askToDelete(user, in: &state)
        return .none
      case let .rowRequested(row, request):
        var query = state.pageQuery
        query.offset = row - 1
        query.limit = 1
        return .run { [users] send in
          await send(.rowRead(row: row, request, try await users.page(query).users.first))
        } catch: { error, send in
          await send(.loadFailed(UserClientFailure(error)))
        }
      case let .rowRead(row, _, nil):
        state.errorMessage = "Row \(row) is no longer in the list."
        return .none
      case let .rowRead(_, request, user?):
        state.errorMessage = nil
        // As if the row had been on the page: the same actions, so a parent watching them (the tour) sees them.
        switch request {
        case .open: return .send(.userTapped(user.id))
        case .favorite: return .send(.favoriteToggled(user.id))
        case .delete:
          askToDelete(user, in: &state)
          return .none
        }
      case let .alert(.presented(.confirmDelete(id))):
        return .send(.deleteConfirmed(id))
      case .alert:
        return .none
      case let .deleteConfirmed(id):
        state.errorMessage = nil
        return .run { [users] send in
          do {
            try await users.delete(id)
          } catch UserClientError.notFound {
            // Another session deleted the user first: what was asked is done.
          }
          await send(.deleted(id))
        } catch: { error, send in
          let failure = UserClientFailure(error)
          await send(.deleteFailed(failure))
          let report = ErrorReport(
            title: "Could not delete the user.", reason: failure.message,
            suggestion: failure.suggestion(otherwise: "Check that the data folder is writable, then retry."))
          await send(.delegate(.failed(report, retry: .deleteConfirmed(id))))
        }
      case let .deleted(id):
        state.shown.users.removeAll { $0.id == id }
        state.$favorites.withLock { _ = $0.remove(id) }
        return readPage(state.pageQuery)
      case let .deleteFailed(failure):
        state.errorMessage = failure.message
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
    .onChange(of: \.pageQuery) { _, query in
      Reduce { state, _ in
        // A changed question while the list shows (or is reading) a page: read the page it now asks for.
        state.status == .loaded || state.status == .loading ? readPage(query) : .none
      }
    }
    .ifLet(\.$alert, action: \.alert)
  }

  /// Shows the confirmation every screen asks before deleting `user`.
  private func askToDelete(_ user: User, in state: inout State) {
    let confirmation = UserDetail.deleteConfirmation(for: user)
    state.alert = AlertState(
      title: confirmation.title, message: confirmation.message,
      buttons: [.destructive("Delete", action: .confirmDelete(user.id)), .cancel("Cancel")])
  }

  /// Hears of the changes other sessions make, for as long as the list lives.
  private func followChangesElsewhere() -> Effect<Action> {
    .run { [users] send in
      for await _ in try await users.changesElsewhere() { await send(.directoryChanged) }
    }
    .cancellable(id: CancelID.watch, cancelInFlight: true)
  }

  /// Reads the page `query` asks for, with the list still showing: the answer replaces the page when it arrives,
  /// and a read still under way is cancelled (its answer is no longer wanted).
  private func readPage(_ query: UserQuery) -> Effect<Action> {
    .run { [users] send in
      await send(.pageLoaded(query, try await users.page(query)))
    } catch: { error, send in
      await send(.loadFailed(UserClientFailure(error)))
    }
    .cancellable(id: CancelID.load, cancelInFlight: true)
  }

  private func load(_ state: inout State) -> Effect<Action> {
    state.status = .loading
    return readPage(state.pageQuery)
  }
}

extension UserList: LinkedFeatureLogic {
  /// The list's real logic, linked with this module.
  public static func logic() -> Reduce<State, Action> { Reduce(UserListLogic()) }
}
