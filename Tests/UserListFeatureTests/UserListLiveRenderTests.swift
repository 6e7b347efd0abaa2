import Composable
import ComposableTesting
import TerminalApp
import TerminalUI
import Testing
import UserClientInterface
import UserClientTesting
import UserListFeature
import UserListInterface

/// The list's screen, counting its renders: the session reads it through the store, as the list view reads it.
struct RenderCountingListView: TerminalView {
  let list = UserListView()
  let renders: Renders

  func screen(
    of store: Store<UserList.State, UserList.Action>, in context: ScreenContext
  ) -> TerminalScreen<UserList.State, UserList.Action> {
    renders.count += 1
    return list.screen(of: store, in: context)
  }
}

/// How many times the list rendered.
@MainActor final class Renders {
  var count = 0
}

@MainActor struct UserListLiveRenderTests {
  // The list shows the applied search, not the text as typed: typing renders nothing until the search applies.
  @Test func typingASearchRendersTheListOnlyWhenTheSearchApplies() async {
    var initial = withDependencies({ $0.sharedStorage = SharedStorage(fileSystem: .inMemory()) }) {
      UserList.State()
    }
    initial.shown = initial.pageQuery.answer(over: [.ada, .grace, .alan])
    initial.shownQuery = initial.pageQuery
    initial.status = .loaded
    let store = Store(initialState: initial, reducer: UserList()) {
      $0.sharedStorage = SharedStorage(fileSystem: .inMemory())
      $0[UserClient.self] = .inMemory([.ada, .grace, .alan])
      // The search applies after a pause that never comes: the test applies it itself.
      $0.continuousClock = TestClock()
    }
    let renders = Renders()
    let (events, input) = AsyncStream<TerminalEvent>.makeStream()
    let terminal = LiveTerminal(events: events, size: { TerminalSize(rows: 24, columns: 80) }, write: { _ in })
    let session = TerminalSession(store: store, view: RenderCountingListView(renders: renders), prompt: "> ")
    let run = Task { await session.runLive(terminal: terminal) }
    #expect(await eventually { renders.count >= 1 })
    try? await Task.sleep(for: .milliseconds(150))
    let before = renders.count

    store.send(.queryChanged("gr"))
    try? await Task.sleep(for: .milliseconds(150))
    #expect(store.currentState.query == "gr")
    #expect(renders.count == before)

    // Applied, the search renders (the query line), then its page arrives and renders again: no more.
    store.send(.queryApplied("gr"))
    #expect(await eventually { store.currentState.shown.users == [.grace] })
    try? await Task.sleep(for: .milliseconds(150))
    #expect((before + 1...before + 2).contains(renders.count))

    input.yield(.inputEnded)
    #expect(await run.value == .finished)
  }
}
