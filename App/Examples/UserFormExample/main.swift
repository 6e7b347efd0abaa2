import Composable
import Foundation
import TerminalApp
import UserFormFeature
import UserFormInterface

// Runs the add form alone, on preview dependencies (an in-memory directory).
let store = Store(initialState: UserForm.State()) {
  UserForm()
} withDependencies: {
  $0.context = .preview
}
exit(await runInTerminal(store: store, view: UserForm.view(), prompt: "form> "))
