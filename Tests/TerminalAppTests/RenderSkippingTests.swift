import Composable
import ComposableTesting
import TerminalApp
import TerminalUI
import Testing

/// A list with a stack pushed on it and a detail presented over both: what is drawn is the screen on top.
struct Shelf: Reducer {
  struct State: Equatable {
    var list = Meter.State()
    var path = StackState<Meter.State>()
    @Presents var detail: Meter.State?
  }

  enum Action: Equatable, CasePathable {
    case list(Meter.Action)
    case path(StackActionOf<Meter>)
    case detail(PresentationAction<Meter.Action>)
    case present
  }

  var body: some ReducerOf<Self> {
    Scope(state: \.list, action: \.list) { Meter() }
    Reduce { state, action in
      if case .present = action { state.detail = Meter.State() }
      return .none
    }
    .forEach(\.path, action: \.path) { Meter() }
    .ifLet(\.$detail, action: \.detail) { Meter() }
  }
}

/// How often each screen was rendered.
@MainActor final class RenderCount {
  var byScreen: [String: Int] = [:]
}

/// A meter's screen that counts its renders.
struct CountedMeterView: TerminalView {
  let name: String
  let count: RenderCount

  @MainActor func screen(of store: Store<Meter.State, Meter.Action>, in context: ScreenContext) -> TerminalScreen<
    Meter.State, Meter.Action
  > {

    let state = store.state
    return TerminalScreen(text: text(state, style: context.style), commands: commands(for: state))
  }

  private func text(_ state: Meter.State, style: TextStyle) -> String {
    MainActor.assumeIsolated { count.byScreen[name, default: 0] += 1 }
    return "\(name): \(state.count)"
  }

  private func commands(for state: Meter.State) -> [TerminalCommand<Meter.Action>] { [] }
}

@MainActor struct RenderSkippingTests {
  @Test func aChangeUnderTheScreenOnTopRendersNothingAndAChangeOfItRendersIt() async {
    var initial = Shelf.State()
    initial.path.append(Meter.State(count: 5))
    let store = Store(initialState: initial) { Shelf() }
    let count = RenderCount()
    let stack = StackView<Shelf.State, Shelf.Action, CountedMeterView, CountedMeterView>(
      state: \.list, action: \.list, root: CountedMeterView(name: "list", count: count), path: \.path,
      pathAction: \.path, element: CountedMeterView(name: "pushed", count: count))
    let view = stack.presenting(\.$detail, action: \.detail, CountedMeterView(name: "detail", count: count))
    let (events, input) = AsyncStream<TerminalEvent>.makeStream()
    let terminal = LiveTerminal(
      events: events, size: { TerminalSize(rows: 24, columns: 80) }, write: { _ in })
    let session = TerminalSession(store: store, view: view, prompt: "> ")
    let run = Task { await session.runLive(terminal: terminal) }

    #expect(await eventually { count.byScreen["pushed"] == 1 })
    // The list changes under the pushed screen: the session hears of it and renders nothing.
    store.send(.list(.add))
    try? await Task.sleep(for: .milliseconds(300))
    #expect(count.byScreen == ["pushed": 1])
    store.send(.path(.element(id: 0, action: .add)))
    #expect(await eventually { count.byScreen["pushed"] == 2 })

    // A presented detail is then the screen: changes of the list and of the pushed screen under it render nothing.
    store.send(.present)
    #expect(await eventually { count.byScreen["detail"] == 1 })
    store.send(.list(.add))
    store.send(.path(.element(id: 0, action: .add)))
    try? await Task.sleep(for: .milliseconds(300))
    #expect(count.byScreen == ["pushed": 2, "detail": 1])
    store.send(.detail(.presented(.add)))
    #expect(await eventually { count.byScreen["detail"] == 2 })
    #expect(count.byScreen["list"] == Int?.none)

    input.yield(.inputEnded)
    #expect(await run.value == .finished)
  }
}
