import AppInfoFeature
import AppInfoInterface
import Composable
import Foundation
import TerminalApp

// Runs the about screen alone, on preview dependencies (a sample environment; reports kept in memory).
let store = Store(initialState: AppInfo.State()) {
  AppInfo()
} withDependencies: {
  $0.context = .preview
}
exit(await runInTerminal(store: store, view: AppInfo.view(), prompt: "about> "))
