import Composable
import ComposableDebugger
import Foundation
import TerminalUI

/// Runs `store` shown by `view` on the process's standard input and output, and returns the exit code.
///
/// On a terminal: a prompt, colors (unless `NO_COLOR`), and refused commands
/// only print. Piped: no prompt, commands echoed, and the first refused command
/// ends the run with exit code 1 and a message on standard error. The store keeps a timeline, so the
/// debugger's `:` commands work. With a `debuggerTransport` (`.socket`, from ComposableDebugServer), the debugger
/// is served to another terminal when `COMPOSABLE_DEBUGGER=1` asks. What every Example executable does, so each
/// one is a few lines.
@MainActor public func runInTerminal<State, Action>(
  store: Store<State, Action>, view: some TerminalView<State, Action>, prompt: String,
  debuggerTransport: (any DebuggerTransport)? = nil
) async -> Int32 {
  let server = TerminalDebugServing.start(asked: TerminalDebugServing.askedByEnvironment, over: debuggerTransport) {
    try $0.serve(store, name: $1)
  }
  return await runInTerminal(store: store, view: view, prompt: prompt, viewing: nil, debugServer: server)
}

/// `runInTerminal(store:view:prompt:)`, opened on the past: the screens after action `viewing.sequence`, with
/// `viewing.note` under the banner.
@MainActor func runInTerminal<State, Action>(
  store: Store<State, Action>, view: some TerminalView<State, Action>, prompt: String,
  viewing: (sequence: Int, note: String?)?, debugServer: (any ServedDebugger)?
) async -> Int32 {
  let interactive = isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1
  // Every app gets the debugger (`:timeline`, `:at`, `:diff`, `:effects`): the last 1,000 actions are kept.
  if store.timeline == nil { store.recordTimeline() }
  defer { debugServer?.stop() }
  let write: (String) -> Void = { FileHandle.standardOutput.write(Data($0.utf8)) }
  let input = TerminalInput(readLine: { readLine() }, echo: interactive ? nil : write)
  let session = TerminalSession(
    store: store, view: view, style: interactive ? .detect() : .plain, prompt: interactive ? prompt : nil,
    stopOnError: !interactive, write: write)
  if let viewing { session.startViewing(at: viewing.sequence, note: viewing.note) }
  let outcome =
    if interactive, let terminal = LiveTerminal.standard() {
      await session.runLive(terminal: terminal)
    } else {
      await session.run(readLine: { await input.nextInTheBackground() })
    }
  switch outcome {
  case .finished:
    return 0
  case let .failed(message):
    FileHandle.standardError.write(Data("stopped at line \(input.lineNumber): \(message)\n".utf8))
    return 1
  }
}

/// Runs the feature `reducer` builds, from `initialState`, shown by `view`, as `runInTerminal(store:…)` does,
/// and opens a recording given on the command line: `--replay FILE` replays its actions (their effects dropped:
/// the recording holds what they sent) and goes on from its end; with `--step` the debugger opens on its first
/// action, or on the failing one of a recording an exploration wrote, with the broken property said. The
/// recording's shared values, and its starting state when it has one, replace the app's. With a
/// `debuggerTransport` (`.socket`, from ComposableDebugServer), `--debug-server` serves the debugger to another
/// terminal; without one it is refused in words. Returns the exit code (2 for a command line or recording it cannot
/// use, said on standard error).
@MainActor public func runInTerminal<R: Reducer>(
  initialState: @autoclosure () -> R.State, reducer: R,
  withDependencies prepareDependencies: (inout DependencyValues) -> Void = { _ in },
  view: some TerminalView<R.State, R.Action>, prompt: String,
  debuggerTransport: (any DebuggerTransport)? = nil,
  arguments: [String] = Array(CommandLine.arguments.dropFirst())
) async -> Int32 where R.Action: Codable {
  switch terminalApp(
    initialState: initialState(), reducer: reducer, withDependencies: prepareDependencies, arguments: arguments)
  {
  case let .success(app):
    // Actions that are Codable can be sent from the attached debugger, and its session exported.
    let asked = TerminalDebugServing.askedByEnvironment || app.servesDebugger
    let server = TerminalDebugServing.start(asked: asked, over: debuggerTransport) {
      try $0.serve(app.store, name: $1)
    }
    return await runInTerminal(store: app.store, view: view, prompt: prompt, viewing: app.viewing, debugServer: server)
  case let .failure(error):
    let name = URL(fileURLWithPath: CommandLine.arguments.first ?? "app").lastPathComponent
    FileHandle.standardError.write(Data("\(name): \(error.message)\n".utf8))
    return 2
  }
}

/// The store a feature's terminal app runs for `arguments`, with its timeline, where the debugger opens (a
/// recording stepped through) and whether its command line asks it to serve the debugger, or why the arguments
/// cannot be used.
@MainActor package func terminalApp<R: Reducer>(
  initialState: @autoclosure () -> R.State, reducer: R,
  withDependencies prepareDependencies: (inout DependencyValues) -> Void = { _ in }, arguments: [String]
) -> Result<
  (store: Store<R.State, R.Action>, viewing: (sequence: Int, note: String?)?, servesDebugger: Bool),
  TerminalAppUsageError
>
where R.Action: Codable {
  let options: TerminalAppOptions
  switch TerminalAppOptions.parse(arguments) {
  case let .success(parsed): options = parsed
  case let .failure(error): return .failure(error)
  }
  var dependencies = DependencyValues.current
  prepareDependencies(&dependencies)
  let prepared = dependencies
  var recording: OpenedRecording<R.Action>?
  if let path = options.replayPath {
    let fingerprint = withDependencies({ $0 = prepared }) {
      recordingFingerprint(of: initialState(), actions: R.Action.self)
    }
    switch OpenedRecording<R.Action>.read(path, fingerprint: fingerprint, skippingUndecodable: options.skipsUndecodable)
    {
    case let .success(opened):
      recording = opened
      if let notice = opened.notice {
        FileHandle.standardError.write(
          Data("\(URL(fileURLWithPath: CommandLine.arguments.first ?? "app").lastPathComponent): \(notice)\n".utf8))
      }
    case let .failure(error): return .failure(error)
    }
    if options.steps, recording?.actions.isEmpty == true {
      return .failure(TerminalAppUsageError("\(path) holds no actions to step through."))
    }
  }
  let state = withDependencies({ $0 = prepared }) {
    recording?.start?.initialState.flatMap { decodedState(R.State.self, from: $0) } ?? initialState()
  }
  let gate = ReplayGate()
  let store = Store(initialState: state, reducer: reducer.droppingEffects(while: gate)) { $0 = prepared }
  store.recordTimeline()
  guard let recording else { return .success((store, nil, options.servesDebugger)) }
  if let shared = recording.start?.sharedValues { prepared.sharedStorage.restore(shared) }
  let first = gate.feed(recording.actions, into: store) ?? 1
  guard options.steps else { return .success((store, nil, options.servesDebugger)) }
  return .success((store, recording.opening(from: first), options.servesDebugger))
}

/// `json` decoded as `State` (with the current dependencies: a state's shared fields read their storage), or nil
/// when `State` is not `Decodable` or the JSON is not one.
private func decodedState<State>(_ type: State.Type, from json: String) -> State? {
  guard let decodable = State.self as? any Decodable.Type else { return nil }
  return (try? JSONDecoder().decode(decodable, from: Data(json.utf8))) as? State
}

/// A recording read from a file: its actions and its header.
package struct OpenedRecording<Action: Codable> {
  /// The recorded actions, in order.
  package let actions: [Action]
  /// What they start from, and where an exploration's failed.
  package let start: RecordingStart?

  /// Where the debugger opens once the actions were fed from timeline number `first`: on the failing action of an
  /// exploration's recording, with what failed, else on the first.
  package func opening(from first: Int) -> (sequence: Int, note: String?) {
    let failure = start?.failure
    let sequence = first + min(max(failure?.action ?? 1, 1), actions.count) - 1
    return (sequence, failure?.said(atSequence: sequence))
  }

  /// What the app says on standard error before replaying: the lines it left out, or that the recording was made
  /// by other types that still decode it; nil when there is nothing to say.
  package let notice: String?

  /// The recording at `path`, or why it cannot be used. `fingerprint` is the app's own (what a recording made by
  /// other types is told by); every line that no longer decodes is listed, and, `skippingUndecodable`, left out
  /// while the rest is replayed.
  package static func read(
    _ path: String, fingerprint: String? = nil, skippingUndecodable: Bool = false
  ) -> Result<Self, TerminalAppUsageError> {
    let url = URL(fileURLWithPath: path)
    let log: String
    let start: RecordingStart?
    do {
      log = try String(contentsOf: url, encoding: .utf8)
      start = try recordingHeader(in: log, of: RecordingStart.self)
    } catch let error as ReplayError {
      return .failure(TerminalAppUsageError("\(path) is not a recording of this app: \(error)"))
    } catch {
      return .failure(
        TerminalAppUsageError("cannot read the recording \(path): \(FileProblem.describe(error, at: url))."))
    }
    let decoded = decodedRecording(in: log, of: Action.self)
    let madeElsewhere = fingerprint != nil && start?.fingerprint != nil && start?.fingerprint != fingerprint
    let origin = madeElsewhere ? " (it was made by other versions of the app's types)" : ""
    guard decoded.undecodable.isEmpty else {
      let total = decoded.actions.count + decoded.undecodable.count
      let listed = decoded.undecodable.prefix(20).map { "  \($0)" }
      let more = decoded.undecodable.count > 20 ? ["  … and \(decoded.undecodable.count - 20) more"] : []
      let count = "\(decoded.undecodable.count) of \(total) recorded action\(total == 1 ? "" : "s")"
      // Nothing decodes: another app's recording, or no recording at all.
      guard !decoded.actions.isEmpty else {
        let what =
          decoded.undecodable.count == 1
          ? decoded.undecodable[0].description
          : (["none of its \(total) recorded actions decode:"] + listed + more).joined(separator: "\n")
        return .failure(TerminalAppUsageError("\(path) is not a recording of this app: \(what)"))
      }
      let verb = decoded.undecodable.count == 1 ? "does" : "do"
      guard skippingUndecodable else {
        let lines =
          ["\(path) no longer matches this app\(origin): \(count) \(verb) not decode:"] + listed + more
          + ["'--skip-undecodable' replays the \(decoded.actions.count) that do."]
        return .failure(TerminalAppUsageError(lines.joined(separator: "\n")))
      }
      let notice = (["left out \(count) of \(path)\(origin), which \(verb) not decode:"] + listed + more)
        .joined(separator: "\n")
      return .success(Self(actions: decoded.actions, start: start, notice: notice))
    }
    let notice =
      madeElsewhere ? "\(path) was made by other versions of the app's types; every line still decodes." : nil
    return .success(Self(actions: decoded.actions, start: start, notice: notice))
  }
}

/// The debugger a terminal app serves to another terminal, when asked (`--debug-server`, `COMPOSABLE_DEBUGGER=1`),
/// over the transport its executable linked.
package enum TerminalDebugServing {
  /// Whether `COMPOSABLE_DEBUGGER=1` asks every terminal app of the process to serve its debugger.
  package static var askedByEnvironment: Bool { ProcessInfo.processInfo.environment["COMPOSABLE_DEBUGGER"] == "1" }

  /// Serves the debugger over `transport` with `serve` (given the transport and the app's name) when `asked`, saying
  /// where (or why not) on standard error; nil when not served. Asked without a transport, it says the executable
  /// links none.
  @MainActor package static func start(
    asked: Bool, over transport: (any DebuggerTransport)?,
    serve: (any DebuggerTransport, String) throws -> any ServedDebugger
  ) -> (any ServedDebugger)? {
    guard asked else { return nil }
    let name = URL(fileURLWithPath: CommandLine.arguments.first ?? "app").lastPathComponent
    guard let transport else {
      FileHandle.standardError.write(
        Data(
          ("\(name): cannot serve the debugger: this executable links no transport (pass debuggerTransport: .socket "
            + "from ComposableDebugServer to runInTerminal); going on without it.\n").utf8))
      return nil
    }
    do {
      let server = try serve(transport, name)
      FileHandle.standardError.write(Data("\(name): \(server.servingLine)\n".utf8))
      return server
    } catch {
      FileHandle.standardError.write(Data("\(name): cannot serve the debugger: \(error); going on without it.\n".utf8))
      return nil
    }
  }
}
