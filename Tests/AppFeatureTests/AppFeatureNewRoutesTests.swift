import AppFeature
import AppInfoInterface
import Composable
import ComposableTesting
import ErrorHandlingInterface
import OnboardingInterface
import SettingsInterface
import Testing
import UserClientInterface
import UserClientTesting
import UserDetailInterface
import UserFormInterface
import UserListInterface
import ErrorHandlingTesting

/// The routes to Settings, AppInfo, Onboarding and the error screen, with every child a stand-in.
@MainActor struct AppFeatureNewRoutesTests {
  private func store(_ state: @autoclosure () -> AppFeature.State = AppFeature.State()) -> TestStore<
    AppFeature.State, AppFeature.Action
  > {
    TestStore(initialState: state()) {
      AppFeature()
    } withDependencies: {
      for feature: any Reducer.Type in [
        UserList.self, UserDetail.self, UserForm.self, Settings.self, AppInfo.self, Onboarding.self,
        ErrorHandling.self,
      ] {
        $0.featureLogic.standIn(feature)
      }
    }
  }

  @Test func aFirstStartShowsTheTourAndItsEndClosesIt() async {
    let store = store()
    await store.send(.appStarted(interactive: true)) { $0.destination = .onboarding(Onboarding.State()) }
    await store.send(.destination(.presented(.onboarding(.delegate(.finished(skipped: true)))))) {
      $0.destination = nil
    }
  }

  @Test func aScriptedFirstStartShowsNoTourAndLeavesItForThePersonWhoComesLater() async {
    let store = store()
    await store.send(.appStarted(interactive: false))
    #expect(!store.state.preferences.onboardingCompleted)
  }

  @Test func aStartAfterTheTourShowsNoTour() async {
    let store = store(Self.tourDone())
    await store.send(.appStarted(interactive: true))
  }

  @Test func settingsAndAboutOpenFromTheListAndCloseThemselves() async {
    let store = store()
    await store.send(.list(.delegate(.settingsRequested))) { $0.destination = .settings(Settings.State()) }
    await store.send(.destination(.presented(.settings(.delegate(.closed))))) { $0.destination = nil }
    await store.send(.list(.delegate(.appInfoRequested))) { $0.destination = .appInfo(AppInfo.State()) }
    await store.send(.destination(.presented(.appInfo(.delegate(.closed))))) { $0.destination = nil }
  }

  @Test func aListFailureShowsTheErrorAndRetryResendsTheListsRequest() async {
    let store = store()
    await store.send(.list(.delegate(.failed(.offline, retry: .retryTapped)))) {
      $0.error = ErrorHandling.State(report: .offline)
      $0.pendingRetry = .list(.retryTapped)
    }
    await store.send(.error(.presented(.delegate(.retry)))) {
      $0.error = nil
      $0.pendingRetry = nil
    }
    await store.receive(.list(.retryTapped))
  }

  @Test func aDetailFailureIsRetriedOnThatDetail() async {
    let store = store()
    await store.send(.list(.delegate(.selected(1)))) { $0.path[id: 0] = .detail(UserDetail.State(id: 1)) }
    await store.send(.path(.element(id: 0, action: .detail(.delegate(.failed(.offline, retry: .retryTapped)))))) {
      $0.error = ErrorHandling.State(report: .offline)
      $0.pendingRetry = .path(.element(id: 0, action: .detail(.retryTapped)))
    }
    await store.send(.error(.presented(.delegate(.retry)))) {
      $0.error = nil
      $0.pendingRetry = nil
    }
    await store.receive(.path(.element(id: 0, action: .detail(.retryTapped))))
  }

  @Test func aRetryForAScreenThatIsGoneIsDropped() async {
    let store = store()
    await store.send(.list(.delegate(.selected(1)))) { $0.path[id: 0] = .detail(UserDetail.State(id: 1)) }
    await store.send(.path(.element(id: 0, action: .detail(.delegate(.failed(.offline, retry: .retryTapped)))))) {
      $0.error = ErrorHandling.State(report: .offline)
      $0.pendingRetry = .path(.element(id: 0, action: .detail(.retryTapped)))
    }
    await store.send(.path(.popFrom(id: 0))) { $0.path.removeAll() }
    await store.send(.error(.presented(.delegate(.retry)))) {
      $0.error = nil
      $0.pendingRetry = nil
    }
  }

  @Test func formAboutAndTourFailuresAreRetriedInTheirDestination() async {
    let store = store()
    await store.send(.list(.delegate(.addRequested))) { $0.destination = .add(UserForm.State()) }
    await store.send(.destination(.presented(.add(.delegate(.failed(.offline, retry: .saveTapped)))))) {
      $0.error = ErrorHandling.State(report: .offline)
      $0.pendingRetry = .destination(.presented(.add(.saveTapped)))
    }
    await store.send(.error(.presented(.delegate(.retry)))) {
      $0.error = nil
      $0.pendingRetry = nil
    }
    await store.receive(.destination(.presented(.add(.saveTapped))))
    await store.send(.destination(.dismiss)) { $0.destination = nil }

    await store.send(.list(.delegate(.appInfoRequested))) { $0.destination = .appInfo(AppInfo.State()) }
    await store.send(.destination(.presented(.appInfo(.delegate(.failed(.offline, retry: .saveReportTapped)))))) {
      $0.error = ErrorHandling.State(report: .offline)
      $0.pendingRetry = .destination(.presented(.appInfo(.saveReportTapped)))
    }
    // Dismissing forgets the request.
    await store.send(.error(.presented(.delegate(.dismissed)))) {
      $0.error = nil
      $0.pendingRetry = nil
    }
    await store.send(.destination(.dismiss)) { $0.destination = nil }

    await store.send(.appStarted(interactive: true)) { $0.destination = .onboarding(Onboarding.State()) }
    await store.send(.destination(.presented(.onboarding(.delegate(.failed(.offline, retry: .list(.retryTapped))))))) {
      $0.error = ErrorHandling.State(report: .offline)
      $0.pendingRetry = .destination(.presented(.onboarding(.list(.retryTapped))))
    }
  }

  @Test func aFailureThatRetryCannotFixKeepsNoRequest() async {
    var final = ErrorReport.offline
    final.canRetry = false
    let store = store()
    await store.send(.list(.delegate(.failed(final, retry: .retryTapped)))) {
      $0.error = ErrorHandling.State(report: final)
    }
  }

  @Test func savingSettlesEveryScreensWorkInFlight() {
    var state = withDependencies({ $0.sharedStorage = SharedStorage(fileSystem: .inMemory()) }) { AppFeature.State() }
    state.list.status = .loading
    state.path.append(.detail(UserDetail.State(id: 1)))
    state.path.append(.detail(UserDetail.State(user: User.ada)))
    for id in state.path.ids {
      if case var .detail(detail)? = state.path[id: id] {
        detail.status = .loading
        state.path[id: id] = .detail(detail)
      }
    }
    var form = UserForm.State()
    form.isSaving = true
    state.destination = .add(form)
    let saved = state.preparedForRestoration()
    #expect(saved.list.status == .idle)
    for id in saved.path.ids {
      guard case let .detail(detail)? = saved.path[id: id] else { continue }
      #expect(detail.status == .idle)
    }
    guard case let .add(savedForm)? = saved.destination else {
      Issue.record("the form was lost")
      return
    }
    #expect(savedForm.isSaving == false)
    #expect(state.list.status == .loading, "the live state is untouched")
  }

  /// An app whose tour was completed (built inside the store's dependencies, where its preferences resolve).
  private static func tourDone() -> AppFeature.State {
    let state = AppFeature.State()
    state.$preferences.withLock { $0.onboardingCompleted = true }
    return state
  }
}
