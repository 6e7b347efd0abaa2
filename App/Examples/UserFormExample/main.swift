import Composable
import ComposableDebugServer
import Foundation
import TerminalApp
import UserFormFeature
import UserFormInterface

// Runs the add form alone, on preview dependencies (an in-memory directory).
exit(
  await runInTerminal(
    initialState: UserForm.State(), reducer: UserForm(),
    withDependencies: {
      $0.context = .preview
    },
    view: UserForm.view(), prompt: "form> ",
    debuggerTransport: .socket))
