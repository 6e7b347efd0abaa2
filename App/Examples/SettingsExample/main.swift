import Composable
import ComposableDebugServer
import Foundation
import SettingsFeature
import SettingsInterface
import TerminalApp

// Runs the settings screen alone, on preview dependencies (preferences in an in-memory folder).
exit(
  await runInTerminal(
    initialState: Settings.State(), reducer: Settings(),
    withDependencies: {
      $0.context = .preview
    },
    view: Settings.view(), prompt: "settings> ",
    debuggerTransport: .socket))
