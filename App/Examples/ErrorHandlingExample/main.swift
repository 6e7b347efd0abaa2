import Composable
import ComposableDebugServer
import ErrorHandlingFeature
import ErrorHandlingInterface
import Foundation
import TerminalApp

// Runs the error screen alone on a sample failure; 'retry' and 'dismiss' end with the delegate they send.
let report = ErrorReport(
  title: "Could not load the users.", reason: "The disk is full.",
  suggestion: "Free some space, then retry.")
exit(
  await runInTerminal(
    initialState: ErrorHandling.State(report: report), reducer: ErrorHandling(),
    withDependencies: {
      $0.context = .preview
    },
    view: ErrorHandling.view(), prompt: "error> ",
    debuggerTransport: .socket))
