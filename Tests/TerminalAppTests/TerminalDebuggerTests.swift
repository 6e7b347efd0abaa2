import Composable
import ComposableDebugger
import Testing
import TerminalApp
import TerminalUI

/// A tally: `add N` adds now, `later N` adds from an effect, `hold` starts an effect that runs until `release`.
private struct Tally: Reducer {
  enum Action: Equatable { case add(Int), addLater(Int), hold, release }
  enum CancelID { case hold }

  func reduce(into state: inout Int, action: Action) -> Effect<Action> {
    switch action {
    case let .add(n):
      state += n
      return .none
    case let .addLater(n):
      return .run { send in await send(.add(n)) }
    case .hold:
      return .run { _ in try await Task.sleep(for: .seconds(60)) }.cancellable(id: CancelID.hold)
    case .release:
      return .cancel(id: CancelID.hold)
    }
  }
}

private struct TallyView: TerminalView {
  @MainActor func screen(of store: Store<Int, Tally.Action>, in context: ScreenContext) -> TerminalScreen<
    Int, Tally.Action
  > {
    let state = store.state
    return TerminalScreen(text: text(state, style: context.style), commands: commands(for: state))
  }

  private func text(_ state: Int, style: TextStyle) -> String { "tally: \(state)" }
  private func commands(for state: Int) -> [TerminalCommand<Tally.Action>] {
    [
      .number("add", argument: "n", in: 1...100, help: "Add now.", action: Tally.Action.add),
      .number("later", argument: "n", in: 1...100, help: "Add from an effect.", action: Tally.Action.addLater),
      .simple("hold", help: "Start a long effect.", action: .hold),
      .simple("release", help: "Cancel it.", action: .release),
    ]
  }
}

/// The debugger's commands in a session, as a script types them: every answer, and every refusal in one line.
@MainActor struct TerminalDebuggerTests {
  private func run(
    _ lines: [String], stopOnError: Bool = false, capacity: Int = 1_000, timeline: Bool = true,
    effectTimeout: Duration = .seconds(10)
  ) async -> (TerminalSession<Int, Tally.Action>.Outcome, String) {
    var output = ""
    var input = lines.makeIterator()
    let store = Store(initialState: 0) { Tally() }
    if timeline { store.recordTimeline(capacity: capacity) }
    let session = TerminalSession(
      store: store, view: TallyView(), prompt: nil, stopOnError: stopOnError, effectTimeout: effectTimeout,
      write: { output += $0 })
    let outcome = await session.run { input.next() }
    return (outcome, output)
  }

  @Test func theTimelineListsEachActionWithItsSenderNewestLast() async {
    let (outcome, output) = await run(["add 2", "later 3", ":timeline", "quit"])
    #expect(outcome == .finished)
    let listing = output.components(separatedBy: "tally: 5\n").last ?? ""
    let rows = listing.split(separator: "\n").map(String.init)
    #expect(rows.count == 4)
    #expect(rows[0].hasPrefix("#1  ") && rows[0].hasSuffix("command          add(2)"))
    #expect(rows[1].hasPrefix("#2  ") && rows[1].hasSuffix("command          addLater(3)"))
    #expect(rows[2].hasPrefix("#3  ") && rows[2].hasSuffix("effect of #2     add(3)"))
    #expect(rows[3] == "Actions 1–3 of 3 (kept: #1–#3).")
  }

  @Test func theTimelineFiltersByTextAndPagesWithMore() async {
    let (_, output) = await run(
      ["add 1", "add 2", "later 3", "add 4", ":timeline add(", ":more", ":more", ":timeline nothing-like-this", "quit"]
    )
    // Pages of 20 in a script: four matches fit in one page, so ':more' has nothing older.
    #expect(output.contains("Actions matching 'add(' 1–4 of 4 (kept: #1–#5).\n"))
    #expect(output.contains("No older actions match 'add('.\n"))
    #expect(output.contains("error: Nothing to go on with: ':timeline' lists the last actions first.\n"))
    #expect(output.contains("No kept action matches 'nothing-like-this'.\n"))
  }

  @Test func atShowsThePastScreenUnderABannerAndStepsAndResumes() async {
    let (outcome, output) = await run([
      "add 2", "add 3", "add 4", ":at 1", ":next", ":next", ":next", ":prev", ":resume", "add 1", "quit",
    ])
    #expect(outcome == .finished)
    #expect(output.contains("#1 of 3 — :next, :prev, :resume  (add(2), command)\ntally: 2\n"))
    #expect(output.contains("#2 of 3 — :next, :prev, :resume  (add(3), command)\ntally: 5\n"))
    #expect(output.contains("#3 of 3 — :next, :prev, :resume  (add(4), command)\ntally: 9\n"))
    #expect(output.contains("error: #3 is the last action: ':resume' returns to the live screen.\n"))
    #expect(output.contains("Back to the live screen.\ntally: 9\ntally: 10\n"))
  }

  @Test func featureCommandsAreRefusedWhileLookingAtThePast() async {
    let (outcome, output) = await run(["add 2", "add 3", ":at 1", "add 50", "back", ":resume", "quit"])
    #expect(outcome == .finished)
    let refusal =
      "error: You are looking at the past (#1): nothing is applied to a past state. ':resume' returns to the live screen.\n"
    #expect(output.components(separatedBy: refusal).count == 3, "both 'add 50' and 'back' are refused")
    #expect(!output.contains("tally: 55"))
    #expect(output.hasSuffix("Back to the live screen.\ntally: 5\n"))
  }

  @Test func diffShowsOnlyWhatTheActionChanged() async {
    let (_, output) = await run(["add 2", "add 3", ":diff 2", ":diff 1", "quit"])
    #expect(output.contains("#2 add(3) (command) changed:\n- 2\n+ 5\n"))
    #expect(output.contains("#1 add(2) (command) changed:\n- 0\n+ 2\n"))
  }

  @Test func effectsListsWhatRunsWithWhoStartedItAndItsCancelID() async {
    // `hold` outlasts the wait for its work: the session goes on while it runs.
    let (_, output) = await run(
      ["add 1", "hold", ":effects", "release", ":effects", "quit"], effectTimeout: .milliseconds(20))
    let running = output.components(separatedBy: "1 effect running:\n").last ?? ""
    let line = running.split(separator: "\n").first.map(String.init) ?? ""
    #expect(line.hasPrefix("  effect "))
    #expect(line.contains("started by #2 hold"))
    #expect(line.hasSuffix("cancel id: hold"))
    #expect(output.hasSuffix("No effects are running.\n"))
  }

  @Test func badInputIsOneClearLineAndTheSessionGoesOn() async {
    let (outcome, output) = await run([
      "add 1", ":at 0", ":at 99999", ":at", ":diff abc", ":next", ":frobnicate", ":", "add 1", "quit",
    ])
    #expect(outcome == .finished)
    #expect(
      output
        == """
        tally: 0
        tally: 1
        error: There is no action #0: actions go from #1 to #1.
        error: There is no action #99999: actions go from #1 to #1.
        error: ':at' takes an action number, such as ':at 12'.
        error: 'abc' is not an action number; try ':diff 12'.
        error: You are on the live screen: ':at N' goes back to action N first.
        error: Unknown debugger command ':frobnicate'; ':help' lists them.
        error: A debugger command follows ':'; ':help' lists them.
        tally: 2

        """)
  }

  @Test func aDroppedActionIsNamedAsNoLongerKept() async {
    let (_, output) = await run(["add 1", "add 1", "add 1", "add 1", ":at 1", ":diff 2", ":at 3", "quit"], capacity: 2)
    #expect(output.contains("error: Action #1 is no longer kept: the timeline keeps the last 2 actions (#3–#4).\n"))
    #expect(output.contains("error: Action #2 is no longer kept: the timeline keeps the last 2 actions (#3–#4).\n"))
    #expect(output.contains("#3 of 4 — :next, :prev, :resume  (add(1), command)\ntally: 3\n"))
  }

  @Test func aRefusedDebuggerCommandEndsAScriptAsAnyRefusedCommand() async {
    let (outcome, _) = await run(["add 1", ":at 7", "add 1"], stopOnError: true)
    #expect(outcome == .failed("There is no action #7: actions go from #1 to #1."))
  }

  @Test func withoutATimelineTheDebuggerSaysItIsOff() async {
    let (_, output) = await run([":timeline", "quit"], timeline: false)
    #expect(output == "tally: 0\nerror: The debugger is off: this app's store keeps no timeline.\n")
  }

  @Test func helpListsTheDebuggersCommands() async {
    let (_, output) = await run(["help", "quit"])
    #expect(output.contains(":at N             Show the screens as they were after action N.\n"))
    #expect(output.contains(":resume           Back to the live screen.\n"))
  }
}
