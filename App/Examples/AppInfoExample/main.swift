import AppInfoFeature
import AppInfoInterface
import Composable
import ComposableDebugServer
import Foundation
import TerminalApp

// Runs the about screen alone, on preview dependencies (a sample environment; reports kept in memory).
exit(
  await runInTerminal(
    initialState: AppInfo.State(), reducer: AppInfo(),
    withDependencies: {
      $0.context = .preview
    },
    view: AppInfo.view(), prompt: "about> ",
    debuggerTransport: .socket))
