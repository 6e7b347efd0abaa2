import Composable
import Testing
import TerminalApp
import TerminalUI

private struct Counter: Reducer {
  enum Action: Equatable { case add(Int), addLater(Int), addMuchLater(Int) }
  func reduce(into state: inout Int, action: Action) -> Effect<Action> {
    switch action {
    case let .add(n):
      state += n
      return .none
    case let .addLater(n):
      return .run { send in
        await Task.yield()
        await send(.add(n))
      }
    case let .addMuchLater(n):
      return .run { send in
        try await Task.sleep(for: .seconds(30))
        await send(.add(n))
      }
    }
  }
}

private struct CounterView: TerminalView {
  @MainActor func screen(of store: Store<Int, Counter.Action>, in context: ScreenContext) -> TerminalScreen<
    Int, Counter.Action
  > {
    let state = store.state
    return TerminalScreen(text: text(state, style: context.style), commands: commands(for: state))
  }

  private func text(_ state: Int, style: TextStyle) -> String { "count: \(state)" }
  private func commands(for state: Int) -> [TerminalCommand<Counter.Action>] {
    [
      .number("add", argument: "n", in: 1...100, help: "Add now.", action: Counter.Action.add),
      .number("later", argument: "n", in: 1...100, help: "Add from an effect.", action: Counter.Action.addLater),
      .number("slow", argument: "n", in: 1...100, help: "Add in 30 s.", action: Counter.Action.addMuchLater),
    ]
  }
}

/// Counts how often a session asks the view for a screen, and how often it draws one.
@MainActor private final class ScreenQuestions {
  var asked = 0
  var drawn = 0
}

/// The counter's screen, counting the questions.
private struct CountingCounterView: TerminalView {
  let questions: ScreenQuestions

  @MainActor func screen(of store: Store<Int, Counter.Action>, in context: ScreenContext) -> TerminalScreen<
    Int, Counter.Action
  > {

    let state = store.state
    let questions = questions
    MainActor.assumeIsolated { questions.asked += 1 }
    var screen = CounterView().screen(for: state, in: context)
    let draw = screen.draw
    screen.draw = {
      MainActor.assumeIsolated { questions.drawn += 1 }
      return draw()
    }
    return screen
  }
}

@MainActor struct TerminalSessionTests {
  private func run(
    _ lines: [String], stopOnError: Bool, effectTimeout: Duration = .seconds(10)
  ) async -> (TerminalSession<Int, Counter.Action>.Outcome, String) {
    var output = ""
    var input = lines.makeIterator()
    let session = TerminalSession(
      store: Store(initialState: 0) { Counter() }, view: CounterView(), prompt: nil, stopOnError: stopOnError,
      effectTimeout: effectTimeout, write: { output += $0 })
    let outcome = await session.run { input.next() }
    return (outcome, output)
  }

  @Test func commandsRenderAfterTheirEffectsSettle() async {
    let (outcome, output) = await run(["add 2", "later 3", "quit", "add 50"], stopOnError: true)
    #expect(outcome == .finished)
    #expect(output == "count: 0\ncount: 2\ncount: 5\n")
  }

  // One question to parse the line, one for the screen after it, which is drawn once: not one walk of the view tree
  // per thing the session needs (its commands, back, id, appear action, refusal, text).
  @Test func aCommandAsksTheViewOnceToParseAndOnceForTheScreenAfterIt() async {
    let questions = ScreenQuestions()
    var output = ""
    var input = ["add 2", "later 3"].makeIterator()
    let session = TerminalSession(
      store: Store(initialState: 0) { Counter() }, view: CountingCounterView(questions: questions), prompt: nil,
      write: { output += $0 })
    _ = await session.run { input.next() }
    #expect(output == "count: 0\ncount: 2\ncount: 5\n")
    #expect(questions.asked == 1 + 2 * 2)
    #expect(questions.drawn == 3)
  }

  @Test func aCommandWhoseWorkOutlastsTheTimeoutShowsTheScreenAndTheNextCommandRuns() async {
    // The effect sleeps 30 s; the session must not wait for it (the test would take 30 s and show 9).
    let (outcome, output) = await run(["slow 9", "add 1", "quit"], stopOnError: true, effectTimeout: .milliseconds(50))
    #expect(outcome == .finished)
    #expect(output == "count: 0\n(still working in the background)\ncount: 0\ncount: 1\n")
  }

  @Test func aBadCommandIsOneLineAndEndsAScript() async {
    let (outcome, output) = await run(["add 1", "add zero", "add 5"], stopOnError: true)
    #expect(outcome == .failed("'add' needs one number <n>."))
    #expect(output == "count: 0\ncount: 1\nerror: 'add' needs one number <n>.\n")
  }

  @Test func interactivelyABadCommandChangesNothingAndGoesOn() async {
    let (outcome, output) = await run(["fly", "add 5"], stopOnError: false)
    #expect(outcome == .finished)
    #expect(output.contains("error: Unknown command 'fly'"))
    #expect(output.hasSuffix("count: 5\n"))
  }

  @Test func helpListsTheScreensCommandsAndTheGlobalOnes() async {
    let (_, output) = await run(["help"], stopOnError: true)
    #expect(
      output.contains(
        "add <n>    Add now.\nlater <n>  Add from an effect.\nslow <n>   Add in 30 s.\nhelp  List these commands.\nback  Close this screen and go back.\nquit  Leave."
      ))
  }
}
