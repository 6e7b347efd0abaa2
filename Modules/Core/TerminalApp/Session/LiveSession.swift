import Composable
import Foundation
import LineEditing
import TerminalUI

/// A terminal session as an event loop: keys are read while effects run, and the screen is drawn again when what
/// it read of the store changes.
///
/// The front screen is rendered inside `observe { }`, read through the store as a SwiftUI view's body reads it: the
/// core's observation runs the render again when a field, a child's presence, a list's or a stack's ids, or a
/// `@Shared` value the screen read changed, and the loop draws what it rendered.
///
/// The screen fills the terminal: the front screen's text (lines cut to the
/// width), the last command's messages, a status line while work runs, and the
/// prompt with the line being edited. Ctrl-C cancels the work in progress
/// through the store's cancellation; at an empty prompt a second Ctrl-C, or
/// Ctrl-D, leaves as `quit` does.
@MainActor final class LiveSession<State, Action> {
  /// What the loop waits for.
  enum Event: Sendable {
    case terminal(TerminalEvent)
    /// Something the front screen read changed, and it was rendered again.
    case rendered
    /// A command's work (its effects) finished.
    case workFinished(Int)
    /// An Escape with nothing after it: give up waiting for the rest of a sequence.
    case escapeTimeout
  }

  /// Lines the session keeps under the screen: a blank line and a message, the status line, the prompt.
  static var reservedRows: Int { 4 }

  let session: TerminalSession<State, Action>
  let terminal: LiveTerminal
  let historyFile: HistoryFile?
  let prompt: String
  var editor: LineEditor
  var decoder = KeyDecoder()
  /// What the last command answered (an error, help, completion choices), shown until the next command.
  var messages: [String] = []
  /// The work each command started, by number, until it finishes or is cancelled.
  var work: [Int: StoreTask] = [:]
  /// Lines typed while work was in progress whose meaning depends on the screen: run, in order, when it is over
  /// (dropped by Ctrl-C), so a command typed as the first page loads is judged on the page.
  var heldLines: [String] = []
  var nextWorkID = 0
  /// The screen as last drawn, so a change that does not show is not drawn again.
  var drawnScreen: String?
  var drawnWorking = false
  /// Renders the front screen through the store again whenever something it read changes.
  var observation: ObserveToken?
  /// The front screen's text as the last render made it.
  var renderedText = ""
  /// The front screen as the last render made it through the store: what the session asks for its id and actions.
  var renderedScreen: TerminalScreen<State, Action>?
  /// Whether a `.rendered` event waits in the loop (one is enough for any number of renders).
  var renderAnnounced = false
  /// The screens whose `following` work was sent and that have stayed in the tree since: a screen uncovered (a
  /// sheet closed, a pushed screen popped) goes on with it, as SwiftUI's `task` does; one that left the tree and
  /// came back (a new id) starts it again.
  var followingScreens: Set<String> = []
  /// Whether the last key was a Ctrl-C at an empty prompt with nothing running (a second one quits).
  var interruptArmed = false
  /// The line last appended to the history file: typed again at once, it is not added again (as the history
  /// does not).
  var lastAppended: String?
  var historyProblemShown = false
  let events: AsyncStream<Event>
  let continuation: AsyncStream<Event>.Continuation

  init(session: TerminalSession<State, Action>, terminal: LiveTerminal, prompt: String, historyFile: HistoryFile?) {
    self.session = session
    self.terminal = terminal
    self.prompt = prompt
    self.historyFile = historyFile
    editor = LineEditor(history: historyFile?.load() ?? LineHistory())
    // Grey is how a suggestion shows it is only offered: without colors it would read as typed text.
    editor.suggestsFromHistory = session.style.colors
    (events, continuation) = AsyncStream.makeStream(of: Event.self)
  }

  var store: Store<State, Action> { session.store }
  var view: any TerminalView<State, Action> { session.view }
  var style: TextStyle { session.style }

  /// Runs until `quit`, Ctrl-D, a second Ctrl-C, or the end of input.
  func run(first: Action?) async -> TerminalSession<State, Action>.Outcome {
    let continuation = continuation
    let input = Task {
      for await event in terminal.events { continuation.yield(.terminal(event)) }
    }
    defer {
      input.cancel()
      continuation.finish()
    }
    if let first { track(store.send(first)) }
    // An action the debugger sends (here, or from a client attached from another terminal) is this session's
    // work, as a typed command's is: shown, and cancelled by Ctrl-C.
    store.timeline?.whenDebuggerSends = { [weak self] work in
      self?.track(work)
      self?.draw(force: false)
    }
    defer { store.timeline?.whenDebuggerSends = nil }
    fit(terminal.size())
    sendAppearActions()
    observation = observe { [weak self] in self?.renderFront() }
    defer { observation?.cancel() }
    draw(force: true)
    for await event in events {
      if let outcome = handle(event) {
        terminal.write("\r\n")
        return outcome
      }
    }
    return .finished
  }

  private func handle(_ event: Event) -> TerminalSession<State, Action>.Outcome? {
    switch event {
    case let .terminal(.input(bytes)):
      for key in decoder.decode(bytes) {
        if let outcome = handle(key) { return outcome }
      }
      if decoder.hasPending { scheduleEscapeTimeout() }
    case let .terminal(.resized(size)):
      fit(size)
      draw(force: true)
    case .terminal(.inputEnded):
      return .finished
    case .rendered:
      renderAnnounced = false
      // Another screen may have come to the front (only a change of what the screen read can bring one).
      sendAppearActions()
      draw(force: false)
    case let .workFinished(id):
      work[id] = nil
      if work.isEmpty, !heldLines.isEmpty { return runHeldLines() }
      draw(force: false)
    case .escapeTimeout:
      for key in decoder.flushPending() {
        if let outcome = handle(key) { return outcome }
      }
    }
    return nil
  }

  // MARK: Keys and commands

  private func handle(_ key: Key) -> TerminalSession<State, Action>.Outcome? {
    let armed = interruptArmed
    interruptArmed = false
    var offered: [CompletionCandidate] = []
    // Tab completes against the screen that was drawn, as a typed line is read against it.
    let completer: LineEditor.Completer = { [unowned self] before, _ in
      let screen = renderedFrontScreen()
      offered =
        before.isEmpty
        ? screen.completionCandidates(before: []) + ["help", "back", "quit"].map { CompletionCandidate($0) }
        : screen.completionCandidates(before: before)
      return offered.map(\.value)
    }
    switch editor.handle(key, completer: completer) {
    case .changed:
      terminal.write(promptLine())
    case .unchanged:
      break
    case .bell:
      // Drawn again too: a search that found nothing still shows what was typed, and that it failed.
      terminal.write("\u{07}" + promptLine())
    case let .submitted(line):
      saveHistory(adding: line)
      if !work.isEmpty || !heldLines.isEmpty, session.waitsForWork(line) {
        heldLines.append(line)
        let waiting = heldLines.map { "'\(TerminalText.escaped($0))'" }.joined(separator: ", ")
        messages = [style.dim("\(waiting) will run when the work in progress is done (Ctrl-C cancels both).")]
        draw(force: true)
        return nil
      }
      return execute(line)
    case let .interrupted(discarded):
      if !work.isEmpty {
        for task in work.values { task.cancel() }
        work.removeAll()
        let dropped = heldLines.map { "'\(TerminalText.escaped($0))'" }.joined(separator: ", ")
        heldLines.removeAll()
        messages = [style.dim(dropped.isEmpty ? "Cancelled." : "Cancelled; \(dropped) not run.")]
        // Screens whose work was cancelled say so, and what to type, instead of waiting for it forever.
        for action in renderedFrontScreen().interruptedActions { store.send(action) }
      } else if discarded.isEmpty {
        if armed { return .finished }
        interruptArmed = true
        messages = [style.dim("Press Ctrl-C again, or Ctrl-D, to quit.")]
      } else {
        terminal.write(promptLine())
        return nil
      }
      draw(force: true)
    case .endOfInput:
      return .finished
    case .redraw:
      draw(force: true)
    case let .choices(choices):
      messages = [listing(choices, notes: offered)]
      draw(force: true)
    }
    return nil
  }

  /// The choices a second Tab lists, each with its note (a row's user), at most `listedChoices` of them.
  private func listing(_ choices: [String], notes candidates: [CompletionCandidate]) -> String {
    var notes: [String: String] = [:]
    for candidate in candidates where !candidate.note.isEmpty { notes[candidate.value] = candidate.note }
    let shown = choices.prefix(Self.listedChoices).map { choice in
      notes[choice].map { choice + " " + style.dim(TerminalText.safeScreen($0)) } ?? TerminalText.safeScreen(choice)
    }
    let more = choices.count - shown.count
    return shown.joined(separator: "  ") + (more > 0 ? style.dim("  … and \(more) more; type more letters") : "")
  }

  /// How many choices a listing shows (a search over thousands of names would fill the screen).
  static var listedChoices: Int { 40 }

  /// Runs the lines held for the work that just ended, until one starts work of its own (the rest wait for it).
  private func runHeldLines() -> TerminalSession<State, Action>.Outcome? {
    while work.isEmpty, !heldLines.isEmpty {
      if let outcome = execute(heldLines.removeFirst()) { return outcome }
    }
    return nil
  }

  /// Runs a typed line against the current state: a global command, or the front screen's.
  private func execute(_ line: String) -> TerminalSession<State, Action>.Outcome? {
    messages = []
    switch session.interpret(line, drawn: renderedFrontScreen()) {
    case .nothing:
      break
    case .quit:
      return .finished
    case let .help(screen, global):
      messages = [screen, global]
    case let .debugger(command):
      debug(command)
    case let .refused(message):
      messages = [style.red("error: ") + TerminalText.escaped(message)]
    case let .back(action):
      perform(action)
      draw(force: true)
      return nil
    case let .command(action):
      let front = perform(action)
      if let refusal = front.refusal { messages = [style.red("error: ") + TerminalText.escaped(refusal)] }
      draw(force: true)
      return nil
    }
    draw(force: true)
    return nil
  }

  /// Runs a debugger command; its answer shows under the screen until the next command.
  private func debug(_ line: String) {
    guard let debugger = session.debugger else {
      messages = [style.red("error: ") + "The debugger is off: this app's store keeps no timeline."]
      return
    }
    let rows = max(terminal.size().rows - Self.reservedRows - 2, 5)
    let columns = terminal.size().columns
    switch debugger.handle(line, pageSize: rows) {
    case let .text(text):
      // A listing's long paths are cut at the edge, as the screen's lines are, so each action stays one line.
      messages =
        text.isEmpty
        ? []
        : [
          text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { TerminalText.truncated($0, toColumns: columns) }.joined(separator: "\n")
        ]
    case let .error(message): messages = [style.red("error: ") + message]
    }
  }

  /// Sends `action` as work in progress; the front screen after it.
  @discardableResult private func perform(_ action: Action) -> TerminalScreen<State, Action> {
    track(store.send(action))
    return sendAppearActions()
  }

  /// Keeps `task` as work in progress (Ctrl-C cancels it) until its effects finish.
  private func track(_ task: StoreTask) {
    guard task.hasEffects else { return }
    let id = nextWorkID
    nextWorkID += 1
    work[id] = task
    let continuation = continuation
    Task {
      await task.finish()
      continuation.yield(.workFinished(id))
    }
  }

  /// Sends the front screen's appear action when another screen came to the front (an appear may navigate); the
  /// front screen once it settled.
  @discardableResult private func sendAppearActions() -> TerminalScreen<State, Action> {
    var screen = renderedFrontScreen()
    for _ in 0..<8 {
      guard screen.id != session.shownScreen else { break }
      session.shownScreen = screen.id
      // A screen that came to the front may not have been fitted yet (a list presented after the start).
      if fit(terminal.size()) { screen = renderedFrontScreen() }
      // A screen no longer in the tree left it: its following ended with it (a dismissed screen's effects are
      // cancelled), and it starts again if the screen comes back.
      followingScreens.formIntersection(screen.screensBelow + [screen.id])
      // Not work in progress: it lasts as long as the screen, so it is neither shown nor cancelled by Ctrl-C.
      if let follow = screen.followAction, followingScreens.insert(screen.id).inserted {
        store.send(follow)
        screen = renderedFrontScreen()
      }
      guard let appear = screen.appearAction else { break }
      track(store.send(appear))
      screen = renderedFrontScreen()
    }
    return screen
  }

  /// Tells the screens how much room they have; whether they sent anything.
  @discardableResult private func fit(_ size: TerminalSize) -> Bool {
    let room = TerminalSize(rows: max(size.rows - Self.reservedRows, 1), columns: size.columns)
    let actions = view.screen(of: store, in: ScreenContext(style: style, room: room)).fitActions
    for action in actions { track(store.send(action)) }
    return !actions.isEmpty
  }

  /// Appends `line` to the history file when the history took it (not empty, not the previous line again), so
  /// sessions on one folder each keep their lines.
  private func saveHistory(adding line: String) {
    let line = line.trimmingCharacters(in: .whitespaces)
    guard let historyFile, !line.isEmpty, line != lastAppended else { return }
    lastAppended = line
    do {
      try historyFile.append(line)
    } catch {
      guard !historyProblemShown else { return }
      historyProblemShown = true
      messages.append(style.dim("(The command history cannot be kept in \(historyFile.url.path): \(error).)"))
    }
  }

  // MARK: Drawing

  /// Renders the front screen through the store, as a SwiftUI body runs: what it reads is what `observe { }` runs
  /// it again for. The loop is told once, and draws the last render.
  private func renderFront() {
    let screen = view.screen(of: store, in: ScreenContext(style: style))
    renderedScreen = screen
    renderedText = screen.text
    guard !renderAnnounced else { return }
    renderAnnounced = true
    continuation.yield(.rendered)
  }

  private func scheduleEscapeTimeout() {
    let continuation = continuation
    Task {
      try? await Task.sleep(for: .milliseconds(50))
      continuation.yield(.escapeTimeout)
    }
  }

  /// Draws the whole screen, unless nothing it shows changed and `force` is false.
  private func draw(force: Bool) {
    let width = terminal.size().columns
    let pastScreen = session.debugger?.screen(style: style)
    // A command's own write of a shared value runs the render on the next turn: drawn now, and once.
    observation?.runIfOutdated()
    let working = !work.isEmpty
    let text = pastScreen ?? renderedText
    let rendered = TerminalText.safeScreen(text)
    let screen = rendered.split(separator: "\n", omittingEmptySubsequences: false)
      .map { TerminalText.truncated($0, toColumns: width) }.joined(separator: "\n")
    guard force || screen != drawnScreen || working != drawnWorking else { return }
    drawnScreen = screen
    drawnWorking = working
    var output = "\u{1B}[H\u{1B}[2J" + screen + "\n"
    if !messages.isEmpty {
      output += "\n" + TerminalText.safeScreen(messages.joined(separator: "\n")) + "\n"
    }
    if working { output += style.dim("Working… (Ctrl-C cancels)") + "\n" }
    output += promptLine()
    // The terminal is in raw mode but keeps output processing, so "\n" still returns to the left edge.
    terminal.write(output)
  }

  /// The front screen now: the one the observed render made, rendered again first if what it read changed since
  /// (a send renders at its end, a shared write on the next turn), so no screen is built twice for one state.
  private func renderedFrontScreen() -> TerminalScreen<State, Action> {
    observation?.runIfOutdated()
    return renderedScreen ?? view.screen(of: store, in: ScreenContext(style: style))
  }

  /// The prompt and the visible part of the line, with the cursor put back where it is in the line.
  private func promptLine() -> String {
    let width = terminal.size().columns
    let (text, column) = editor.visibleLine(prompt: prompt, width: width)
    let suggestion = editor.visibleSuggestion(prompt: prompt, width: width)
    let offered = suggestion.isEmpty ? "" : style.dim(TerminalText.safeScreen(suggestion))
    return "\r\u{1B}[2K" + text + offered + "\r" + (column > 0 ? "\u{1B}[\(column)C" : "")
  }
}

extension TerminalSession {
  /// Runs the session live on `terminal`: keys are edited in place (history from `historyFile`, Tab completion),
  /// the screen follows the state, and Ctrl-C cancels the work in progress.
  ///
  /// The terminal is restored before this returns.
  public func runLive(first: Action? = nil, terminal: LiveTerminal, historyFile: HistoryFile? = nil) async -> Outcome {
    defer { terminal.restore() }
    let live = LiveSession(session: self, terminal: terminal, prompt: prompt ?? "> ", historyFile: historyFile)
    return await live.run(first: first)
  }
}
