import Composable
import Foundation
import TerminalApp
import TerminalUI
import UserListFeature
import UserListInterface

// Runs the user list alone, on preview dependencies: sample users in memory, nothing written to disk.
let store = Store(initialState: UserList.State()) {
  UserList()
} withDependencies: {
  $0.context = .preview
}
let interactive = isatty(STDIN_FILENO) == 1
let session = TerminalSession(
  store: store, view: UserListView(), style: .detect(), prompt: interactive ? "users> " : nil,
  stopOnError: !interactive)
let outcome = await session.run { readLine() }
if case .failed = outcome { exit(1) }
