import Composable
import ComposableDebugger
import Foundation
import TerminalUI

/// Runs a store in the terminal: render, read a command, send its action, wait for its effects, repeat.
///
/// Global commands: `help` (this screen's commands), `back` (close the top
/// screen), `quit`. When another screen comes to the front, its appear action
/// is sent (as SwiftUI's `task`). Input comes from
/// any line source, so the same session runs interactively, from a script, or
/// in a test; output goes to any sink.
@MainActor public final class TerminalSession<State, Action> {
  /// Where the session reads lines from: nil ends the session. Async, so that a source waiting for its next line
  /// (a quiet pipe) leaves the main actor free.
  public typealias LineSource = () async -> String?

  let store: Store<State, Action>
  let view: any TerminalView<State, Action>
  let style: TextStyle
  let write: (String) -> Void
  /// How long to wait for an action's effects before rendering anyway.
  let effectTimeout: Duration
  /// Whether a refused command ends the session with a failure (scripts), or only prints (interactive).
  let stopOnError: Bool
  let prompt: String?
  /// How many lines were refused so far: a script that goes on past refusals (`stopOnError` off) still ends in
  /// failure when one was.
  public private(set) var refusals = 0
  /// The screen last brought to the front, so its appear action is sent once per appearance.
  var shownScreen: String?
  /// The debugger, when the store keeps a timeline (`Store.recordTimeline`).
  let debugger: TerminalDebugger<State, Action>?
  /// The work actions the debugger sent started, not yet waited for.
  private var debuggerWork: [StoreTask] = []
  /// How many actions a debugger listing shows when the terminal's height is not known.
  static var pipedPageSize: Int { 20 }

  /// A session over `store` shown by `view`.
  public init(
    store: Store<State, Action>, view: some TerminalView<State, Action>, style: TextStyle = .plain,
    prompt: String? = "> ", stopOnError: Bool = false, effectTimeout: Duration = .seconds(10),
    write: @escaping (String) -> Void = { print($0, terminator: "") }
  ) {
    self.store = store
    self.view = view
    self.style = style
    self.prompt = prompt
    self.stopOnError = stopOnError
    self.effectTimeout = effectTimeout
    self.write = write
    debugger = StoreDebugger(store: store, side: .inApp).map { TerminalDebugger(interpreter: $0, view: view) }
  }

  /// Opens the session on the screens as they were after action `sequence` (a recording opened step by step),
  /// with `note` under the banner while that action is shown (what an exploration found failing there).
  public func startViewing(at sequence: Int, note: String? = nil) {
    debugger?.view(at: sequence)
    if let note { debugger?.notes[sequence] = note }
  }

  /// How a session ended.
  public enum Outcome: Equatable, Sendable {
    /// `quit`, or the input ended.
    case finished
    /// A command was refused and `stopOnError` was set; carries the message.
    case failed(String)
  }

  /// Sends `first` (if any), then runs commands from `readLine` until `quit` or the end of input.
  public func run(first: Action? = nil, readLine: LineSource) async -> Outcome {
    // What the debugger's ':send' starts is waited for as a typed command's work is.
    store.timeline?.whenDebuggerSends = { [weak self] work in self?.debuggerWork.append(work) }
    defer { store.timeline?.whenDebuggerSends = nil }
    if let first { await sendAndSettle(first) }
    write(shown(await settledFrontScreen()))
    while true {
      if let prompt { write(prompt) }
      guard let line = await readLine() else { return .finished }
      switch interpret(line) {
      case .nothing:
        continue
      case .quit:
        return .finished
      case let .help(screen, global):
        write(TerminalText.safeScreen(screen) + "\n" + global + "\n")
      case let .debugger(command):
        if let failure = debug(command, pageSize: Self.pipedPageSize) { return failure }
        while !debuggerWork.isEmpty { await settle(debuggerWork.removeFirst()) }
      case let .refused(message):
        if let failure = refuse(message) { return failure }
      case let .back(action):
        await sendAndSettle(action)
        write(shown(await settledFrontScreen()))
      case let .command(action):
        await sendAndSettle(action)
        let front = await settledFrontScreen()
        write(shown(front))
        // It parsed, but the feature may still have refused it (a form that would not save).
        if let refusal = front.refusal, let failure = refuse(refusal) { return failure }
      }
    }
  }

  /// Says why a line was refused; the outcome that ends a script, if it stops on errors.
  private func refuse(_ message: String) -> Outcome? {
    refusals += 1
    write(style.red("error: ") + TerminalText.escaped(message) + "\n")
    return stopOnError ? .failed(message) : nil
  }

  /// The front screen as text (or the past one the debugger shows), with any control character from data
  /// spelled out.
  func screen() -> String {
    shown(nil)
  }

  /// `front`'s text, the front screen for the current state (asked for when nil), or the past one the debugger
  /// shows, with any control character from data spelled out.
  private func shown(_ front: TerminalScreen<State, Action>?) -> String {
    let text = debugger?.screen(style: style) ?? (front ?? frontScreen()).text
    return TerminalText.safeScreen(text) + "\n"
  }

  /// The view's screen of the session's store.
  func frontScreen() -> TerminalScreen<State, Action> {
    view.screen(of: store, in: ScreenContext(style: style))
  }

  /// The commands every screen accepts, as `help` lists them.
  static var globalHelp: String {
    """
    help  List these commands.
    back  Close this screen and go back.
    quit  Leave.
    """
  }

  /// The global commands, and the debugger's when there is one.
  var globalHelp: String {
    debugger == nil ? Self.globalHelp : Self.globalHelp + "\n" + TerminalDebugger<State, Action>.help
  }

  /// Runs a debugger command in a piped session: prints its answer and, after a move in time, the screen.
  /// Returns the outcome that ends a script when the command was refused.
  private func debug(_ line: String, pageSize: Int) -> Outcome? {
    guard let debugger else {
      let message = "The debugger is off: this app's store keeps no timeline."
      refusals += 1
      write(style.red("error: ") + message + "\n")
      return stopOnError ? .failed(message) : nil
    }
    let before = debugger.viewing
    switch debugger.handle(line, pageSize: pageSize) {
    case let .text(text):
      if !text.isEmpty { write(TerminalText.safeScreen(text) + "\n") }
      if debugger.viewing != before || text.isEmpty { write(screen()) }
      return nil
    case let .error(message):
      refusals += 1
      write(style.red("error: ") + TerminalText.escaped(message) + "\n")
      return stopOnError ? .failed(message) : nil
    }
  }

  /// Sends the front screen's appear action if another screen came to the front, until it settles (an appear may
  /// navigate); the front screen then.
  func settledFrontScreen() async -> TerminalScreen<State, Action> {
    var screen = frontScreen()
    for _ in 0..<8 {
      guard screen.id != shownScreen else { break }
      shownScreen = screen.id
      guard let appear = screen.appearAction else { break }
      await sendAndSettle(appear)
      screen = frontScreen()
    }
    return screen
  }

  /// Sends `action` and waits for the effects it started, up to `effectTimeout`.
  func sendAndSettle(_ action: Action) async {
    await settle(store.send(action))
  }

  /// Waits for `task`'s effects, up to `effectTimeout`, saying so when they go on in the background.
  private func settle(_ task: StoreTask) async {
    guard task.hasEffects else { return }
    let timeout = effectTimeout
    // A race between two unstructured tasks, not a task group: a group waits for all its children, and the
    // effects' waiter cannot be cancelled, so a group would wait for the effects however long they take.
    let finished = await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
      let race = SettleRace(continuation)
      let timer = Task { @MainActor in
        try? await Task.sleep(for: timeout)
        race.finish(false)
      }
      Task { @MainActor in
        await task.finish()
        timer.cancel()
        race.finish(true)
      }
    }
    if !finished { write(style.dim("(still working in the background)") + "\n") }
  }
}

/// Resumes a continuation once, with whichever result comes first (the effects finishing, or the timeout).
@MainActor private final class SettleRace {
  private var continuation: CheckedContinuation<Bool, Never>?

  init(_ continuation: CheckedContinuation<Bool, Never>) {
    self.continuation = continuation
  }

  func finish(_ finished: Bool) {
    continuation?.resume(returning: finished)
    continuation = nil
  }
}
