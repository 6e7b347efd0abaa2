import Composable
import Foundation
import TerminalApp
import TerminalUI
import UserClient
import UserDetailFeature
import UserDetailInterface
import UserFormFeature

// Runs one user's screen alone, on preview dependencies, with the real edit form linked.
let store = Store(initialState: UserDetail.State(id: SampleUsers.all[0].id)) {
  UserDetail()
} withDependencies: {
  $0.context = .preview
}
let view = UserDetailView()
  .alert(\.$alert, action: \.alert)
  .presenting(\.$edit, action: \.edit, UserFormView())
let interactive = isatty(STDIN_FILENO) == 1
let session = TerminalSession(
  store: store, view: view, style: .detect(), prompt: interactive ? "user> " : nil, stopOnError: !interactive)
let outcome = await session.run { readLine() }
if case .failed = outcome { exit(1) }
