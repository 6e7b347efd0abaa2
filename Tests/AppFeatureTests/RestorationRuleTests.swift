import AppFeature
import AppInfoInterface
import Composable
import ErrorHandlingInterface
import OnboardingInterface
import SettingsInterface
import Testing
import UserClientInterface
import UserClientTesting
import UserDetailInterface
import UserDetailTesting
import UserFormInterface
import UserListInterface

/// Every screen of the app settles its work in flight for a restored session (`RestorableState`): one row per
/// feature, and the whole tree through `AppFeature.State`, with every presented screen enumerated.
struct RestorationRuleTests {

  /// `inFlight`, settled, must equal `settled`; only the `RestorableState` rule is used, so each row proves a
  /// conformance.
  private func expectSettles<S: RestorableState & Equatable>(
    _ inFlight: S, to settled: S, sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) {
    var state = inFlight
    state.settleForRestoration()
    #expect(state == settled, sourceLocation: sourceLocation)
  }

  private var savingForm: UserForm.State {
    var form = UserForm.State(editing: User.ada)
    form.isSaving = true
    return form
  }

  private var loadingList: UserList.State {
    var list = UserList.State()
    list.status = .loading
    return list
  }

  private var busyInfo: AppInfo.State {
    var info = AppInfo.State()
    info.isLoading = true
    info.isSaving = true
    return info
  }

  private var busyDetail: UserDetail.State {
    var detail = UserDetail.State(user: User.ada)
    detail.status = .loading
    detail.isDeleting = true
    detail.destination = .edit(savingForm)
    return detail
  }

  private var tourLoading: Onboarding.State {
    var tour = Onboarding.State()
    tour.list = loadingList
    return tour
  }

  @Test func eachFeatureSettlesItsOwnFlagsAndItsChildren() {
    expectSettles(savingForm, to: UserForm.State(editing: User.ada))
    expectSettles(loadingList, to: UserList.State())
    expectSettles(busyInfo, to: AppInfo.State())
    expectSettles(tourLoading, to: Onboarding.State())
    var settledDetail = UserDetail.State.editing(User.ada)
    settledDetail.status = .idle
    expectSettles(busyDetail, to: settledDetail)
    // Screens with nothing in flight take part too, unchanged.
    expectSettles(Settings.State(), to: Settings.State())
    let report = ErrorReport(title: "Could not save.", reason: "Disk full.", suggestion: "Retry.")
    expectSettles(ErrorHandling.State(report: report), to: ErrorHandling.State(report: report))
  }

  @Test(arguments: 0..<4) func theAppSettlesTheWholeTreeWhateverIsPresented(destinationIndex: Int) {
    let inFlight = presentedScreens(inFlight: true)[destinationIndex]
    let settled = presentedScreens(inFlight: false)[destinationIndex]
    var app = AppFeature.State()
    app.list = loadingList
    app.path.append(.detail(busyDetail))
    app.destination = inFlight
    var expected = AppFeature.State()
    expected.list = UserList.State()
    var settledDetail = UserDetail.State.editing(User.ada)
    settledDetail.status = .idle
    expected.path.append(.detail(settledDetail))
    expected.destination = settled
    expectSettles(app, to: expected)
  }

  /// One sample of each presented screen that starts work, busy or settled. A new screen cannot be forgotten
  /// in restoration: the generated `Destination.State` requires its state to be `RestorableState`, so it does not
  /// compile until it says how to settle its work (Scripts/new-feature scaffolds that method).
  private func presentedScreens(inFlight: Bool) -> [AppFeature.Destination.State] {
    [
      .add(inFlight ? savingForm : UserForm.State(editing: User.ada)),
      .settings(Settings.State()),
      .appInfo(inFlight ? busyInfo : AppInfo.State()),
      .onboarding(inFlight ? tourLoading : Onboarding.State()),
    ]
  }
}
