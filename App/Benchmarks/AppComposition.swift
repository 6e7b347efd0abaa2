import AppFeature
import Composable
import Foundation
import UserClientInterface
import UsersShell

// (j) One action through the app's whole composition, as `users` composes it (AppFeature with every feature
// linked, analytics, the recording gate, the timeline on), on a data folder of 36 users: the path an app's
// actions take, beside (b), the runtime's own.

/// The app's store on a fresh folder of `count` users, and what must stay alive with it.
@MainActor func composedAppStore(
  userCount count: Int
) -> (store: Store<AppFeature.State, AppFeature.Action>, keptAlive: Any, folder: URL) {
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bench-app-\(getpid())")
  try? FileManager.default.removeItem(at: folder)
  try! FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  let users = largeDirectory(count)
  try! JSONEncoder().encode(users).write(to: folder.appendingPathComponent("users.json"))
  let io = UsersShell.IO(
    readLine: { nil }, write: { _ in }, writeError: { FileHandle.standardError.write(Data($0.utf8)) },
    isInteractive: false, environment: [:])
  guard let (store, keptAlive) = UsersShell.composedStore(arguments: ["--data-dir", folder.path, "--fresh"], io: io)
  else { fatalError("(j): the app could not be composed") }
  store.send(.list(.usersLoaded(users)))
  return (store, keptAlive, folder)
}

/// (j): pages shown back and forth, each a pure action of UserList reached through AppFeature.
@MainActor func appCompositionScenario(sends: Int) -> Scenario {
  let (store, keptAlive, folder) = composedAppStore(userCount: 36)
  return Scenario(name: "(j) one action, the app's composition", operations: sends) {
    for send in 0..<sends { store.send(.list(.pageShown(1 + send % 2))) }
    blackHole(store.currentState.list.page)
    withExtendedLifetime(keptAlive) {}
    _ = folder
  }
}
