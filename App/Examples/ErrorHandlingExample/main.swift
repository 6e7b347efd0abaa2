import Composable
import ErrorHandlingFeature
import ErrorHandlingInterface
import Foundation
import TerminalApp

// Runs the error screen alone on a sample failure; 'retry' and 'dismiss' end with the delegate they send.
let report = ErrorReport(
  title: "Could not load the users.", reason: "The disk is full.",
  suggestion: "Free some space, then retry.")
let store = Store(initialState: ErrorHandling.State(report: report)) {
  ErrorHandling()
} withDependencies: {
  $0.context = .preview
}
exit(await runInTerminal(store: store, view: ErrorHandling.view(), prompt: "error> "))
