import Composable
import ComposableDebugServer
import FeatureNameFeature
import FeatureNameInterface
import Foundation
import TerminalApp

// Runs FeatureName alone, on preview dependencies; `--replay FILE --step` opens a recording (an exploration's
// failure) in the debugger.
exit(
  await runInTerminal(
    initialState: FeatureName.State(), reducer: FeatureName(),
    withDependencies: {
      $0.context = .preview
    },
    view: FeatureName.view(), prompt: "featurename> ",
    debuggerTransport: .socket))
