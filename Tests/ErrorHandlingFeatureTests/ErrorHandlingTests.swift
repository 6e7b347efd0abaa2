import Composable
import ComposableTesting
import ErrorHandlingFeature
import ErrorHandlingInterface
import TerminalUI
import Testing
import ErrorHandlingTesting

@MainActor struct ErrorHandlingTests {
  @Test func retryAsksTheParentToResendTheRequest() async {
    let store = TestStore(initialState: ErrorHandling.State(report: .diskFull)) { ErrorHandling() }
    await store.send(.retryTapped)
    await store.receive(.delegate(.retry))
  }

  @Test func dismissTellsTheParent() async {
    let store = TestStore(initialState: ErrorHandling.State(report: .diskFull)) { ErrorHandling() }
    await store.send(.dismissTapped)
    await store.receive(.delegate(.dismissed))
  }

  @Test func retryDoesNothingWhenItCannotHelp() async {
    var report = ErrorReport.diskFull
    report.canRetry = false
    let store = TestStore(initialState: ErrorHandling.State(report: report)) { ErrorHandling() }
    await store.send(.retryTapped)
  }

  @Test func theViewExplainsAndOffersOnlyWhatCanHelp() throws {
    let view = ErrorHandlingView()
    let state = ErrorHandling.State(report: .diskFull)
    #expect(
      view.render(state, style: .plain) == """
        Could not load the users.
          Why:    The disk is full.
          Try:    Free some space, then retry.
        Type 'retry' to try again, or 'dismiss'.
        """)
    #expect(try view.action(for: "retry", in: state).get() == .retryTapped)
    #expect(view.backAction(for: state) == .dismissTapped)
    var final = ErrorReport.diskFull
    final.canRetry = false
    let cannotRetry = ErrorHandling.State(report: final)
    #expect(view.render(cannotRetry, style: .plain).hasSuffix("Type 'dismiss'."))
    #expect(
      view.action(for: "retry", in: cannotRetry)
        == .failure(CommandError("Unknown command 'retry'; 'help' lists the commands of this screen.")))
  }
}
