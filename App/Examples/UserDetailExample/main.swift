import Composable
import ComposableDebugServer
import Foundation
import TerminalApp
import UserClientInterface
import UserDetailFeature
import UserDetailInterface
import UserFormFeature

// Runs one user's screen alone, on preview dependencies, with the real edit form linked. Alone, nothing
// presents the screen, so closing it after a delete only says so.
exit(
  await runInTerminal(
    initialState: UserDetail.State(id: SampleUsers.all[0].id), reducer: UserDetail(),
    withDependencies: {
      $0.context = .preview
      $0.dismiss = DismissEffect {
        FileHandle.standardOutput.write(Data("(The screen closes here; in the app its parent pops it.)\n".utf8))
      }
    },
    view: UserDetail.view(), prompt: "user> ",
    debuggerTransport: .socket))
