import Composable
import Foundation
import SettingsFeature
import SettingsInterface
import TerminalApp

// Runs the settings screen alone, on preview dependencies (preferences in an in-memory folder).
let store = Store(initialState: Settings.State()) {
  Settings()
} withDependencies: {
  $0.context = .preview
}
exit(await runInTerminal(store: store, view: Settings.view(), prompt: "settings> "))
