import Composable
import ComposableTesting
import TerminalApp
import TerminalUI
import Testing

/// A screen that follows something for as long as it lives: it counts the times its following was started, and
/// keeps one effect running per start (cancelled with the screen).
struct Watcher: Reducer {
  struct State: Equatable {
    var follows = 0
  }

  enum Action: Equatable, CasePathable {
    case follow
    case stop
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .follow:
      state.follows += 1
      return .run { _ in try? await Task.sleep(for: .seconds(3_600)) }
        .cancellable(id: "watch", cancelInFlight: true)
    case .stop:
      return .cancel(id: "watch")
    }
  }
}

/// A root watcher with watchers pushed on it and a watcher presented over the stack.
struct Lookout: Reducer {
  struct State: Equatable {
    var root = Watcher.State()
    var path = StackState<Watcher.State>()
    @Presents var sheet: Watcher.State?
  }

  enum Action: Equatable, CasePathable {
    case root(Watcher.Action)
    case path(StackActionOf<Watcher>)
    case sheet(PresentationAction<Watcher.Action>)
    case push
    case present
  }

  var body: some ReducerOf<Self> {
    Scope(state: \.root, action: \.root) { Watcher() }
    Reduce { state, action in
      switch action {
      case .push: state.path.append(Watcher.State())
      case .present: state.sheet = Watcher.State()
      case .root, .path, .sheet: break
      }
      return .none
    }
    .forEach(\.path, action: \.path) { Watcher() }
    .ifLet(\.$sheet, action: \.sheet) { Watcher() }
  }
}

/// A watcher as text.
struct WatcherView: TerminalView {
  let name: String

  @MainActor func screen(of store: Store<Watcher.State, Watcher.Action>, in context: ScreenContext) -> TerminalScreen<
    Watcher.State, Watcher.Action
  > {

    let state = store.state
    return TerminalScreen(text: "\(name): followed \(state.follows)", id: name)
  }
}

/// A screen's `following` work is SwiftUI's `task`: it goes on while another screen covers it, ends when the
/// screen leaves the tree, and starts again only for a screen that came back (a new id).
@MainActor struct ScreenTaskTests {
  private func lookoutView() -> some TerminalView<Lookout.State, Lookout.Action> {
    StackView<Lookout.State, Lookout.Action, _, _>(
      state: \.root, action: \.root, root: WatcherView(name: "root").following(send: .follow), path: \.path,
      pathAction: \.path, element: WatcherView(name: "pushed").following(send: .follow)
    )
    .presenting(\.$sheet, action: \.sheet, WatcherView(name: "sheet").following(send: .follow))
  }

  @Test func aScreenNamesTheScreensUnderItAsEachReadsOnTop() {
    let view = lookoutView()
    var state = Lookout.State()
    let context = ScreenContext(style: .plain)
    let root = view.screen(for: state, in: context)
    #expect(root.screensBelow == [])
    state.path.append(Watcher.State())
    let first = view.screen(for: state, in: context)
    state.path.append(Watcher.State())
    let second = view.screen(for: state, in: context)
    state.sheet = Watcher.State()
    let sheet = view.screen(for: state, in: context)
    #expect(Set([root.id, first.id, second.id, sheet.id]).count == 4)
    #expect(second.screensBelow == [root.id, first.id])
    #expect(sheet.screensBelow == [root.id, first.id, second.id])
    #expect(sheet.id.hasPrefix(second.id + ">") && sheet.id.hasSuffix("(sheet)"))
  }

  @Test func followingGoesOnUnderACoverAndStartsAgainOnlyForAScreenThatCameBack() async {
    let store = Store(initialState: Lookout.State()) { Lookout() }
    let (events, input) = AsyncStream<TerminalEvent>.makeStream()
    let terminal = LiveTerminal(events: events, size: { TerminalSize(rows: 24, columns: 80) }, write: { _ in })
    let session = TerminalSession(store: store, view: lookoutView(), prompt: "> ")
    let run = Task { await session.runLive(terminal: terminal) }
    #expect(await eventually { store.root.follows == 1 })

    store.send(.push)
    #expect(await eventually { store.path.first?.follows == 1 })
    store.send(.present)
    #expect(await eventually { store.sheet?.follows == 1 })
    #expect(store.runningEffectCount == 3, "the root's, the pushed screen's and the sheet's")

    // Uncovered: the pushed screen's following never stopped, and is not started again.
    store.send(.sheet(.dismiss))
    try? await Task.sleep(for: .milliseconds(200))
    #expect(store.path.first?.follows == 1)
    #expect(store.runningEffectCount == 2, "the sheet's ended with it")
    // Popped back to the root: the same.
    store.send(.path(.popFrom(id: store.path.ids[0])))
    try? await Task.sleep(for: .milliseconds(200))
    #expect(store.root.follows == 1)
    #expect(store.runningEffectCount == 1)

    // A screen pushed again is another screen: its following starts.
    store.send(.push)
    #expect(await eventually { store.path.first?.follows == 1 && store.runningEffectCount == 2 })
    #expect(store.root.follows == 1)

    input.yield(.inputEnded)
    #expect(await run.value == .finished)
    // Nothing of this test left running for the next ones (a test store counts the work on the main actor).
    store.send(.root(.stop))
    store.send(.path(.popFrom(id: store.path.ids[0])))
    #expect(await eventually { store.runningEffectCount == 0 })
  }
}
