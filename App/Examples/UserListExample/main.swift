import Composable
import ComposableDebugServer
import Foundation
import TerminalApp
import UserListFeature
import UserListInterface

// Runs the user list alone, on preview dependencies: sample users in memory, nothing written to disk.
exit(
  await runInTerminal(
    initialState: UserList.State(), reducer: UserList(),
    withDependencies: {
      $0.context = .preview
    },
    view: UserList.view(), prompt: "users> ",
    debuggerTransport: .socket))
