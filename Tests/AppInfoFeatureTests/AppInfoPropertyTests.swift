import AppInfoClientInterface
import AppInfoClientTesting
import AppInfoFeature
import AppInfoInterface
import Composable
import ComposableTesting
import Testing

/// The about screen explored with random appearances, saves and closes while the client answers in between.
@MainActor struct AppInfoPropertyTests {
  @Test func anyOrderOfTapsKeepsTheScreenConsistent() async {
    var exploration = Exploration<AppInfo.State, AppInfo.Action>()
    exploration.sequences = 500
    exploration.steps = 10
    exploration.seed = 0xAB007
    exploration.opensIn = "AppInfoExample"
    exploration.invariants = [
      .always("a report is saved only from an environment read") { $0.savedReportPath == nil || $0.environment != nil },
      .always("loading ends once the environment is read") { !($0.isLoading && $0.environment != nil) },
    ]
    let result = await explore(
      exploration, initialState: { AppInfo.State() }, reducer: { AppInfo() },
      withDependencies: { dependencies, _ in
        dependencies[AppInfoClient.self] = .capturing(AppInfoClient.sampleEnvironment)
      })
    #expect(result.failure == nil)
    #expect(exploration.generators.map(\.name) == ["task", "saveReportTapped", "doneTapped"])
  }
}
