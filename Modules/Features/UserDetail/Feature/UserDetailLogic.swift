import Composable
import ErrorHandlingInterface
import UserClientInterface
import UserDetailInterface
import UserFormInterface

/// The detail screen's behaviour: loading when needed, favorites, the delete confirmation, the edit form.
struct UserDetailLogic: Reducer {
  typealias State = UserDetail.State
  typealias Action = UserDetail.Action

  private enum CancelID { case load, watch }

  @Dependency(UserClient.self) var users
  @Dependency(\.dismiss) var dismiss

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .task:
        guard state.status == .idle else { return .none }
        return load(&state)
      case .retryTapped:
        return load(&state)
      case .loadCancelled:
        guard state.status == .loading else { return .none }
        state.status = .cancelled
        return .cancel(id: CancelID.load)
      case .followChangesElsewhere:
        return .run { [users] send in
          for await _ in try await users.changesElsewhere() { await send(.directoryChanged) }
        }
        .cancellable(id: CancelID.watch, cancelInFlight: true)
      case .directoryChanged:
        // A load or a delete of its own under way reads or changes the file anyway.
        guard state.status == .loaded, !state.isDeleting else { return .none }
        return .run { [users, id = state.id] send in
          await send(.userLoaded(try await users.user(id)))
        } catch: { [id = state.id] error, send in
          // Gone: nothing is left to show or retry, so the screen closes instead of showing an error.
          await send(
            error as? UserClientError == .notFound(id) ? .deletedElsewhere : .loadFailed(UserClientFailure(error)))
        }
        .cancellable(id: CancelID.load, cancelInFlight: true)
      case .deletedElsewhere:
        state.destination = nil
        return .run { [dismiss, id = state.id, name = state.user?.name] send in
          await send(.delegate(.deletedElsewhere(id, name: name)))
          await dismiss()
        }
      case let .userLoaded(user):
        state.user = user
        state.status = .loaded
        return .none
      case let .loadFailed(failure):
        state.status = .failed(failure.message)
        let report = ErrorReport(
          title: "Could not load user #\(state.id.rawValue).", reason: failure.message,
          suggestion: failure.suggestion(otherwise: "Go back to the list and open the user again, or retry."))
        return .send(.delegate(.failed(report, retry: .retryTapped)))
      case .favoriteToggled:
        state.$favorites.withLock { [id = state.id] favorites in
          if favorites.remove(id) == nil { favorites.insert(id) }
        }
        return .none
      case .deleteTapped:
        guard let user = state.user, !state.isDeleting else { return .none }
        let confirmation = UserDetail.deleteConfirmation(for: user)
        state.destination = .alert(
          AlertState(
            title: confirmation.title, message: confirmation.message,
            buttons: [.destructive("Delete", action: .confirmDelete), .cancel("Cancel")]))
        return .none
      case .destination(.presented(.alert(.confirmDelete))):
        state.isDeleting = true
        state.errorMessage = nil
        return .run { [users, id = state.id] send in
          do {
            try await users.delete(id)
          } catch UserClientError.notFound {
            // Another session deleted the user first: what was asked is done.
          }
          await send(.deleted)
        } catch: { error, send in
          await send(.deleteFailed(UserClientFailure(error)))
        }
      case .deleted:
        state.isDeleting = false
        state.$favorites.withLock { [id = state.id] in _ = $0.remove(id) }
        return .run { [dismiss, id = state.id] send in
          await send(.delegate(.deleted(id)))
          await dismiss()
        }
      case let .deleteFailed(failure):
        state.isDeleting = false
        state.errorMessage = "Could not delete: \(failure.message)"
        let report = ErrorReport(
          title: "Could not delete \(state.user?.name ?? "the user").", reason: failure.message,
          suggestion: failure.suggestion(otherwise: "Check that the data folder is writable, then retry."))
        return .send(.delegate(.failed(report, retry: .deleteTapped)))
      case .editTapped:
        guard let user = state.user else { return .none }
        state.destination = .edit(UserForm.State(editing: user))
        return .none
      case let .destination(.presented(.edit(.delegate(.saved(user))))):
        state.user = user
        state.destination = nil
        return .send(.delegate(.updated(user)))
      case let .destination(.presented(.edit(.delegate(.storedVersionChanged(current))))):
        // Someone else saved this user: show their version here and in the list; the form stays open.
        state.user = current
        return .send(.delegate(.updated(current)))
      case .destination(.presented(.edit(.delegate(.cancelled)))):
        state.destination = nil
        return .none
      case let .destination(.presented(.edit(.delegate(.failed(report, retry))))):
        // The parent only talks to this screen, so the form's request is re-sent through it.
        return .send(.delegate(.failed(report, retry: .destination(.presented(.edit(retry))))))
      case .destination:
        return .none
      case .delegate:
        return .none
      }
    }
    .ifLet(\.$destination, action: \.destination)
  }

  private func load(_ state: inout State) -> Effect<Action> {
    state.status = .loading
    return .run { [users, id = state.id] send in
      await send(.userLoaded(try await users.user(id)))
    } catch: { [id = state.id] error, send in
      let missing = UserClientFailure(message: "There is no user #\(id.rawValue) any more.")
      await send(.loadFailed(error as? UserClientError == .notFound(id) ? missing : UserClientFailure(error)))
    }
    .cancellable(id: CancelID.load, cancelInFlight: true)
  }
}

extension UserDetail: LinkedFeatureLogic {
  /// The detail screen's real logic, linked with this module.
  public static func logic() -> Reduce<State, Action> { Reduce(UserDetailLogic()) }
}
