import Composable
import Foundation
import TerminalApp
import TerminalUI
import UserFormFeature
import UserFormInterface

// Runs the add form alone, on preview dependencies (an in-memory directory).
let store = Store(initialState: UserForm.State()) {
  UserForm()
} withDependencies: {
  $0.context = .preview
}
let interactive = isatty(STDIN_FILENO) == 1
let session = TerminalSession(
  store: store, view: UserFormView(), style: .detect(), prompt: interactive ? "form> " : nil,
  stopOnError: !interactive)
let outcome = await session.run { readLine() }
if case .failed = outcome { exit(1) }
