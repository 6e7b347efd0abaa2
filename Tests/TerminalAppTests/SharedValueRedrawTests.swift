import Composable
import ComposableTesting
import TerminalApp
import TerminalUI
import Testing

/// A screen showing a shared value and a count of its own.
struct Board: Reducer {
  struct State: Equatable {
    @Shared(.inMemory("board.motto")) var motto = "hello"
    var visits = 0
  }

  enum Action: Equatable {
    case visit
    case write(String)
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .visit: state.visits += 1
    case let .write(motto): state.$motto.withLock { $0 = motto }
    }
    return .none
  }
}

/// The board as text, counting its renders.
struct BoardView: TerminalView {
  let count: RenderCount

  @MainActor func screen(of store: Store<Board.State, Board.Action>, in context: ScreenContext) -> TerminalScreen<
    Board.State, Board.Action
  > {

    let state = store.state
    return TerminalScreen(text: text(state, style: context.style), commands: commands(for: state))
  }

  private func text(_ state: Board.State, style: TextStyle) -> String {
    MainActor.assumeIsolated { count.byScreen["board", default: 0] += 1 }
    return "motto: \(state.motto)"
  }

  private func commands(for state: Board.State) -> [TerminalCommand<Board.Action>] {
    [.text("write", argument: "motto", help: "Write the motto.", action: Board.Action.write)]
  }
}

/// The board as text, whose first render changes the motto right after reading it: what another process's write
/// landing between a render's read and the session following that value looks like from the session.
struct BoardViewChangedMidRender: TerminalView {
  let count: RenderCount

  @MainActor func screen(of store: Store<Board.State, Board.Action>, in context: ScreenContext) -> TerminalScreen<
    Board.State, Board.Action
  > {

    let state = store.state
    return TerminalScreen(text: text(state, style: context.style), commands: commands(for: state))
  }

  private func text(_ state: Board.State, style: TextStyle) -> String {
    let motto = state.motto
    let isFirst = MainActor.assumeIsolated {
      count.byScreen["board", default: 0] += 1
      return count.byScreen["board"] == 1
    }
    if isFirst { state.$motto.withLock { $0 = "landed mid-render" } }
    return "motto: \(motto)"
  }

  private func commands(for state: Board.State) -> [TerminalCommand<Board.Action>] { [] }
}

@MainActor struct SharedValueRedrawTests {
  // The state holds the shared value's reference, so before and after the write it compares equal: only
  // following what the render read can tell the screen changed (another process writing the file is the same).
  @Test func aSharedValueWrittenOutsideTheStoreIsDrawnAgainAndOnlyOncePerChange() async {
    let store = Store(initialState: Board.State()) { Board() }
    let count = RenderCount()
    let written = LockIsolated("")
    let (events, input) = AsyncStream<TerminalEvent>.makeStream()
    let terminal = LiveTerminal(
      events: events, size: { TerminalSize(rows: 24, columns: 80) }, write: { text in written.withValue { $0 += text } }
    )
    let session = TerminalSession(store: store, view: BoardView(count: count), prompt: "> ")
    let run = Task { await session.runLive(terminal: terminal) }
    #expect(await eventually { count.byScreen["board"] == 1 })

    let shared = store.currentState.$motto
    shared.withLock { $0 = "changed elsewhere" }
    #expect(await eventually { written.value.contains("motto: changed elsewhere") })
    #expect(count.byScreen["board"] == 2)

    // Renders in between do not follow the value again: the next write draws once, not once per render.
    for _ in 0..<5 { store.send(.visit) }
    try? await Task.sleep(for: .milliseconds(200))
    let rendersBefore = count.byScreen["board"] ?? 0
    shared.withLock { $0 = "again" }
    #expect(await eventually { written.value.contains("motto: again") })
    try? await Task.sleep(for: .milliseconds(200))
    #expect(count.byScreen["board"] == rendersBefore + 1)

    input.yield(.inputEnded)
    #expect(await run.value == .finished)
  }

  @Test func aCommandThatWritesASharedValueIsDrawnOnceAndTheValueIsStillFollowed() async {
    let store = Store(initialState: Board.State()) { Board() }
    let count = RenderCount()
    let written = LockIsolated("")
    let (events, input) = AsyncStream<TerminalEvent>.makeStream()
    let terminal = LiveTerminal(
      events: events, size: { TerminalSize(rows: 24, columns: 80) }, write: { text in written.withValue { $0 += text } }
    )
    let session = TerminalSession(store: store, view: BoardView(count: count), prompt: "> ")
    let run = Task { await session.runLive(terminal: terminal) }
    #expect(await eventually { count.byScreen["board"] == 1 })

    input.yield(.input(Array("write mine\r".utf8)))
    #expect(await eventually { written.value.contains("motto: mine") })
    try? await Task.sleep(for: .milliseconds(200))
    #expect(count.byScreen["board"] == 2, "drawn with the command, not again when the write is told")

    // Still followed: a write from elsewhere is drawn.
    store.currentState.$motto.withLock { $0 = "theirs" }
    #expect(await eventually { written.value.contains("motto: theirs") })
    #expect(count.byScreen["board"] == 3)

    input.yield(.inputEnded)
    #expect(await run.value == .finished)
  }

  @Test func aChangeLandingBetweenARendersReadAndItsFollowIsStillDrawn() async {
    let store = Store(initialState: Board.State()) { Board() }
    let count = RenderCount()
    let written = LockIsolated("")
    let (events, input) = AsyncStream<TerminalEvent>.makeStream()
    let terminal = LiveTerminal(
      events: events, size: { TerminalSize(rows: 24, columns: 80) }, write: { text in written.withValue { $0 += text } }
    )
    let session = TerminalSession(store: store, view: BoardViewChangedMidRender(count: count), prompt: "> ")
    let run = Task { await session.runLive(terminal: terminal) }
    #expect(await eventually { written.value.contains("motto: landed mid-render") })
    // The render that read "hello" is not what stays: the one after the change is.
    #expect(count.byScreen["board"] == 2)

    input.yield(.inputEnded)
    #expect(await run.value == .finished)
  }
}
