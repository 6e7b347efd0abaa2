import AppInfoClientInterface
import AppInfoFeature
import AppInfoInterface
import AppInfoTesting
import Composable
import ComposableTesting
import ErrorHandlingInterface
import TerminalUI
import Testing
import AppInfoClientTesting

@MainActor struct AppInfoTests {
  let environment = AppInfoClient.sampleEnvironment

  @Test func appearingReadsTheEnvironmentAndReportWritesItThroughTheClient() async {
    let written = WrittenReports()
    let store = TestStore(initialState: AppInfo.State()) {
      AppInfo()
    } withDependencies: {
      $0[AppInfoClient.self] = .capturing(environment, into: written)
    }
    await store.send(.task) { $0.isLoading = true }
    await store.receive(\.environmentLoaded) {
      $0.isLoading = false
      $0.environment = environment
    }
    await store.send(.saveReportTapped) { $0.isSaving = true }
    await store.receive(.reportSaved("/data/environment-report.txt")) {
      $0.isSaving = false
      $0.savedReportPath = "/data/environment-report.txt"
    }
    #expect(written.all == [environment.report])
    #expect(environment.report.contains("users: /data/users.json (2048 bytes)"))
    #expect(environment.report.contains("settings: /data/settings.json (not created yet)"))
    await store.send(.doneTapped)
    await store.receive(.delegate(.closed))
  }

  @Test func aFailedWriteReachesTheParentWithTheRequestToRetry() async {
    let store = TestStore(initialState: AppInfo.State()) {
      AppInfo()
    } withDependencies: {
      $0[AppInfoClient.self] = .failingToSave()
    }
    await store.send(.task) { $0.isLoading = true }
    await store.receive(\.environmentLoaded) {
      $0.isLoading = false
      $0.environment = environment
    }
    await store.send(.saveReportTapped) { $0.isSaving = true }
    await store.receive(
      .delegate(
        .failed(
          ErrorReport(
            title: "Could not write the environment report.", reason: "The folder is read-only.",
            suggestion: "Check that the data folder is writable, then retry."),
          retry: .saveReportTapped))
    ) { $0.isSaving = false }
  }

  @Test func theViewShowsTheReportAndOffersToWriteIt() throws {
    let view = AppInfo.view()
    var state = AppInfo.State()
    #expect(view.appearAction(for: state) == .task)
    #expect((try? view.action(for: "report", in: state).get()) == nil)
    state = .showing(environment)
    state.savedReportPath = "/data/environment-report.txt"
    #expect(
      view.render(state, style: .plain) == """
        About
          users 0.0.0 (debug)
          Platform: Linux 6.1 (x86_64)
          Swift:    6.3
          Data:     /data
            users: /data/users.json (2048 bytes)
            settings: /data/settings.json (not created yet)
        Report written to /data/environment-report.txt
        """)
    #expect(try view.action(for: "report", in: state).get() == .saveReportTapped)
    #expect(view.appearAction(for: state) == nil)
  }
}
