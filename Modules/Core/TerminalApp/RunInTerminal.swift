import Composable
import Foundation
import TerminalUI

/// Runs `store` shown by `view` on the process's standard input and output, and returns the exit code.
///
/// On a terminal: a prompt, colors (unless `NO_COLOR`), and refused commands
/// only print. Piped: no prompt, commands echoed, and the first refused command
/// ends the run with exit code 1 and a message on standard error. The store keeps a timeline, so the
/// debugger's `:` commands work. What every Example executable does, so each one is a few lines.
@MainActor public func runInTerminal<State, Action>(
  store: Store<State, Action>, view: some TerminalView<State, Action>, prompt: String
) async -> Int32 {
  let interactive = isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1
  // Every app gets the debugger (`:timeline`, `:at`, `:diff`, `:effects`): the last 1,000 actions are kept.
  if store.timeline == nil { store.recordTimeline() }
  let write: (String) -> Void = { FileHandle.standardOutput.write(Data($0.utf8)) }
  let input = TerminalInput(readLine: { readLine() }, echo: interactive ? nil : write)
  let session = TerminalSession(
    store: store, view: view, style: interactive ? .detect() : .plain, prompt: interactive ? prompt : nil,
    stopOnError: !interactive, write: write)
  let outcome =
    if interactive, let terminal = LiveTerminal.standard() {
      await session.runLive(terminal: terminal)
    } else {
      await session.run(readLine: { input.next() })
    }
  switch outcome {
  case .finished:
    return 0
  case let .failed(message):
    FileHandle.standardError.write(Data("stopped at line \(input.lineNumber): \(message)\n".utf8))
    return 1
  }
}
