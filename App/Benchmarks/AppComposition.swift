import AppFeature
import Composable
import Foundation
import TerminalUI
import UserClientInterface
import UsersShell

// (j) One action through the app's whole composition, as `users` composes it (AppFeature with every feature
// linked, analytics, the recording gate, the timeline on), on a data folder of 36 users: the path an app's
// actions take, beside (b), the runtime's own.

/// The app's store on a fresh folder of `count` users, and what must stay alive with it.
@MainActor func composedAppStore(
  userCount count: Int
) -> (store: Store<AppFeature.State, AppFeature.Action>, keptAlive: Any, folder: URL) {
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bench-app-\(getpid())-\(count)")
  try? FileManager.default.removeItem(at: folder)
  try! FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  let users = largeDirectory(count)
  try! JSONEncoder().encode(users).write(to: folder.appendingPathComponent("users.json"))
  let io = UsersShell.IO(
    readLine: { nil }, write: { _ in }, writeError: { FileHandle.standardError.write(Data($0.utf8)) },
    isInteractive: false, environment: [:])
  guard let (store, keptAlive) = UsersShell.composedStore(arguments: ["--data-dir", folder.path, "--fresh"], io: io)
  else { fatalError("(j): the app could not be composed") }
  let firstPage = store.currentState.list.pageQuery
  store.send(.list(.pageLoaded(firstPage, firstPage.answer(over: users))))
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

// (k) One terminal command end to end through the app's composition, as a session runs it: parsed against the
// screen, sent, its effects settled, then the screen after it (which screen is in front, what it sends on appearing,
// its text drawn, a refusal); on 36 users and on 100,000 (the page shown is as long either way).

/// (k): `next` and `prev` typed in turn on the list of `count` users.
@MainActor func terminalCommandScenario(userCount count: Int, commands: Int, name: String) -> Scenario {
  let (store, keptAlive, folder) = composedAppStore(userCount: count)
  let view = appView()
  let context = ScreenContext()
  return Scenario(name: name, operations: commands) {
    for index in 0..<commands {
      let line = index % 2 == 0 ? "next" : "prev"
      guard case let .success(action) = view.screen(for: store.currentState, in: context).action(for: line)
      else { fatalError("(k): the command was refused") }
      store.send(action)
      while store.runningEffectCount > 0 { await Task.yield() }
      let screen = view.screen(for: store.currentState, in: context)
      blackHole((screen.id, screen.appearAction, screen.text, screen.refusal))
    }
    withExtendedLifetime(keptAlive) {}
    _ = folder
  }
}

// (m) The app's list drawn again after one of its fields changed, as a live session does: the front screen is
// rendered through the store inside `observe { }`, which runs it again when a field it read changed; on 36 users
// and on 100,000 (the screen shows a page either way, so the two should cost the same).

/// (m): the list's delete confirmation shown and dismissed in turn (its `alert` field), each change drawn.
@MainActor func listRedrawScenario(userCount count: Int, changes: Int, name: String) -> Scenario {
  let (store, keptAlive, folder) = composedAppStore(userCount: count)
  let view = appView()
  let context = ScreenContext()
  guard let shown = store.currentState.list.shown.users.first else { fatalError("(m): the list shows no user") }
  return Scenario(name: name, operations: changes) {
    var renders = 0
    let token = observe {
      let drawn = view.screen(of: store, in: context)
      blackHole((drawn.id, drawn.text))
      renders += 1
    }
    for index in 0..<changes {
      store.send(index % 2 == 0 ? .list(.deleteTapped(shown.id)) : .list(.alert(.dismiss)))
    }
    guard renders == changes + 1 else { fatalError("(m): \(renders) renders for \(changes) changes") }
    token.cancel()
    withExtendedLifetime(keptAlive) {}
    _ = folder
  }
}
