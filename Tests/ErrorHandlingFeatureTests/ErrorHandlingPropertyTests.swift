import Composable
import ComposableTesting
import ErrorHandlingFeature
import ErrorHandlingInterface
import ErrorHandlingTesting
import Testing

/// The error screen explored with random taps: it never changes the report it explains.
@MainActor struct ErrorHandlingPropertyTests {
  @Test func anyOrderOfTapsKeepsTheReport() async {
    let report = ErrorReport.offline
    var exploration = Exploration<ErrorHandling.State, ErrorHandling.Action>()
    exploration.sequences = 500
    exploration.steps = 8
    exploration.seed = 0xE7707
    exploration.opensIn = "ErrorHandlingExample"
    exploration.invariants = [.always("the report stays the one shown") { $0.report == report }]
    let result = await explore(
      exploration, initialState: { ErrorHandling.State(report: report) }, reducer: { ErrorHandling() })
    #expect(result.failure == nil)
    #expect(exploration.generators.map(\.name) == ["retryTapped", "dismissTapped"])
  }
}
