import Composable
import Testing
import TerminalApp
import TerminalUI

/// A screen that opens a counter sheet and counts how often each screen appeared.
struct Screen: Reducer {
  struct State: Equatable {
    var appeared = 0
    @Presents var sheet: Int?
  }

  enum Action: Equatable, CasePathable {
    case appeared
    case open
    case sheet(PresentationAction<Sheet>)

    enum Sheet: Equatable { case add(Int), appeared }
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .appeared:
        state.appeared += 1
      case .open:
        state.sheet = 0
      case let .sheet(.presented(.add(n))):
        state.sheet? += n
      case .sheet(.presented(.appeared)):
        state.sheet? += 100
      case .sheet(.dismiss):
        break
      }
      return .none
    }
    .ifLet(\.$sheet, action: \.sheet) { EmptyReducer() }
  }
}

private struct ScreenView: TerminalView {
  @MainActor func screen(of store: Store<Screen.State, Screen.Action>, in context: ScreenContext) -> TerminalScreen<
    Screen.State, Screen.Action
  > {
    let state = store.state
    return TerminalScreen(
      text: "screen (appeared \(state.appeared))", commands: [.simple("open", help: "Open the sheet.", action: .open)],
      appearAction: .appeared)
  }
}

private struct SheetView: TerminalView {
  @MainActor func screen(of store: Store<Int, Screen.Action.Sheet>, in context: ScreenContext) -> TerminalScreen<
    Int, Screen.Action.Sheet
  > {
    let state = store.state
    return TerminalScreen(
      text: "sheet: \(state)",
      commands: [.number("add", argument: "n", in: 1...9, help: "Add.", action: Screen.Action.Sheet.add)],
      appearAction: .appeared)
  }
}

@MainActor struct TerminalNavigationTests {
  private func run(_ lines: [String]) async -> (TerminalSession<Screen.State, Screen.Action>.Outcome, String) {
    var output = ""
    var input = lines.makeIterator()
    let view = ScreenView().presenting(\.$sheet, action: \.sheet, SheetView())
    let session = TerminalSession(
      store: Store(initialState: Screen.State()) { Screen() }, view: view, prompt: nil, stopOnError: true,
      write: { output += $0 })
    let outcome = await session.run { input.next() }
    return (outcome, output)
  }

  @Test func eachScreenSendsItsAppearActionWhenItComesToTheFront() async {
    let (outcome, output) = await run(["open", "add 2", "back", "open"])
    #expect(outcome == .finished)
    #expect(
      output == """
        screen (appeared 1)
        sheet: 100
        sheet: 102
        screen (appeared 2)
        sheet: 100

        """)
  }

  @Test func onlyThePresentedScreensCommandsAreAccepted() async {
    let (outcome, _) = await run(["open", "open"])
    #expect(outcome == .failed("Unknown command 'open'; 'help' lists the commands of this screen."))
  }

  @Test func backOnTheFirstScreenIsAnError() async {
    let (outcome, output) = await run(["back", "open"])
    #expect(outcome == .failed("There is nothing to go back to: this is the first screen."))
    #expect(!output.contains("sheet"))
  }
}
