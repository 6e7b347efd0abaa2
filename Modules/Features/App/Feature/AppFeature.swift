import AppInfoInterface
import Composable
import ErrorHandlingInterface
import OnboardingInterface
import SettingsInterface
import UserClientInterface
import UserDetailInterface
import UserFormInterface
import UserListInterface

/// The app's root: the user list at the bottom of a navigation stack, details pushed on it, one destination
/// presented over them (add form, settings, about, the first run's tour), and the error screen over everything.
///
/// It composes the features from their Interfaces only and is driven only by
/// their delegate actions; the executable links the Implementations.
public struct AppFeature: Reducer {
  /// The whole app's state.
  public struct State: Equatable, Codable, RestorableState, ObservableState {
    /// The list at the root of the stack.
    public var list = UserList.State()
    /// The screens pushed on the list.
    public var path = StackState<Path.State>()
    /// What is presented over the stack, if anything.
    @Presents public var destination: Destination.State?
    /// A failure being explained, over everything else.
    @Presents public var error: ErrorHandling.State?
    /// What the error screen's retry sends: the failed feature's own request, at the place it came from.
    public var pendingRetry: Action?
    /// The app's preferences (the first run's tour depends on them).
    @Shared(.preferences) public var preferences: Preferences

    /// The app as it starts: the list, nothing pushed or presented.
    public init() {}

    // Preferences and favorites come back from their own storage, not from a saved session.
    private enum CodingKeys: String, CodingKey {
      case list, path, destination, error, pendingRetry
    }

    /// This state with the work in flight settled, as it is saved on quit: a restored screen whose load
    /// was interrupted is idle, so it loads again when it appears instead of showing "Loading…" forever.
    public func preparedForRestoration() -> Self {
      var state = self
      state.settleForRestoration()
      return state
    }

    /// Settles every screen's work in flight: the list, each pushed screen, the presented one, the error screen.
    public mutating func settleForRestoration() {
      list.settleForRestoration()
      for id in path.ids { path[id: id]?.settleForRestoration() }
      destination?.settleForRestoration()
      error?.settleForRestoration()
    }
  }

  /// Everything that reaches the root: the app starting, and its children's actions.
  public enum Action: Equatable, Codable, CasePathable {
    /// The app started: show the tour if it was never completed and `interactive` (a person at a terminal);
    /// scripts and pipes always start on the list, so they run the same on a new data folder as on any other.
    case appStarted(interactive: Bool)
    /// The list's actions.
    case list(UserList.Action)
    /// The stack's pushes, pops and elements' actions.
    case path(StackActionOf<Path>)
    /// The presented destination's actions.
    case destination(PresentationAction<Destination.Action>)
    /// The error screen's actions.
    indirect case error(PresentationAction<ErrorHandling.Action>)
  }

  /// The root feature.
  public init() {}

  /// The list, the stack, the destination and the error screen, tied together by the children's delegate actions.
  public var body: some ReducerOf<Self> {
    Scope(state: \.list, action: \.list) { UserList() }
    Reduce { state, action in
      switch action {
      case let .appStarted(interactive):
        if interactive, !state.preferences.onboardingCompleted, state.destination == nil {
          state.destination = .onboarding(Onboarding.State())
        }
        return .none

      case let .list(.delegate(.selected(id))):
        let detail = state.list.shownUser(id).map(UserDetail.State.init(user:)) ?? UserDetail.State(id: id)
        state.path.append(.detail(detail))
        return .none

      case .list(.delegate(.addRequested)):
        state.destination = .add(UserForm.State())
        return .none

      case .list(.delegate(.settingsRequested)):
        state.destination = .settings(Settings.State())
        return .none

      case .list(.delegate(.appInfoRequested)):
        state.destination = .appInfo(AppInfo.State())
        return .none

      case let .list(.delegate(.failed(report, retry))):
        return showError(report, retry: .list(retry), in: &state)

      case let .path(.element(id: _, action: .detail(.delegate(.updated(user))))):
        state.list.show(saved: user)
        return .none

      case let .path(.element(id: _, action: .detail(.delegate(.deleted(id))))):
        // The detail screen dismisses itself; the list only has to forget the user.
        state.list.forget(deleted: id)
        return .none

      case let .path(.element(id: _, action: .detail(.delegate(.deletedElsewhere(id, name))))):
        // The detail screen dismisses itself; the list forgets the user and says why the screen closed.
        state.list.forget(deleted: id)
        state.list.errorMessage = "\(name ?? "User #\(id.rawValue)") was deleted in another session."
        return .none

      case let .path(.element(id: element, action: .detail(.delegate(.failed(report, retry))))):
        return showError(report, retry: .path(.element(id: element, action: .detail(retry))), in: &state)

      case let .destination(.presented(.add(.delegate(.saved(user))))):
        state.list.show(saved: user)
        state.destination = nil
        state.path.append(.detail(UserDetail.State(user: user)))
        return .none

      case .destination(.presented(.add(.delegate(.cancelled)))),
        .destination(.presented(.settings(.delegate(.closed)))),
        .destination(.presented(.appInfo(.delegate(.closed)))),
        .destination(.presented(.onboarding(.delegate(.finished)))):
        state.destination = nil
        return .none

      case let .destination(.presented(.add(.delegate(.failed(report, retry))))):
        return showError(report, retry: .destination(.presented(.add(retry))), in: &state)

      case let .destination(.presented(.appInfo(.delegate(.failed(report, retry))))):
        return showError(report, retry: .destination(.presented(.appInfo(retry))), in: &state)

      case let .destination(.presented(.onboarding(.delegate(.failed(report, retry))))):
        return showError(report, retry: .destination(.presented(.onboarding(retry))), in: &state)

      case .error(.presented(.delegate(.retry))):
        let retry = state.pendingRetry
        state.error = nil
        state.pendingRetry = nil
        guard let retry, canDeliver(retry, in: state) else { return .none }
        return .send(retry)

      case .error(.presented(.delegate(.dismissed))), .error(.dismiss):
        state.error = nil
        state.pendingRetry = nil
        return .none

      case .list, .path, .destination, .error:
        return .none
      }
    }
    .forEach(\.path, action: \.path)
    .ifLet(\.$destination, action: \.destination)
    .ifLet(\.$error, action: \.error) { ErrorHandling() }
  }

  /// Presents the error screen for `report`; its retry will send `retry`, the failed feature's own request.
  private func showError(_ report: ErrorReport, retry: Action, in state: inout State) -> Effect<Action> {
    state.error = ErrorHandling.State(report: report)
    state.pendingRetry = report.canRetry ? retry : nil
    return .none
  }

  /// Whether the screen a retry goes to is still there (a screen closed meanwhile cannot take it).
  private func canDeliver(_ action: Action, in state: State) -> Bool {
    switch action {
    case let .path(.element(id, _)): return state.path[id: id] != nil
    case let .destination(.presented(child)):
      return state.destination.map(Destination.caseName(of:)) == Destination.caseName(of: child)
    default: return true
    }
  }
}
