import Composable
import Foundation
import TerminalApp
import UserListFeature
import UserListInterface

// Runs the user list alone, on preview dependencies: sample users in memory, nothing written to disk.
let store = Store(initialState: UserList.State()) {
  UserList()
} withDependencies: {
  $0.context = .preview
}
exit(await runInTerminal(store: store, view: UserList.view(), prompt: "users> "))
