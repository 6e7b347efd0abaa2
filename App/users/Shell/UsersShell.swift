import AppFeature
import Composable
import ComposableDebugger
import ComposableDebugServer
import Foundation
import LineEditing
import Sharing
import TerminalApp
import TerminalUI

/// The `users` command: parses options, wires the live world, and runs the app's terminal session.
///
/// This is the composition root: the one module that links every feature's
/// Feature target and the live clients. `main.swift` only calls `run`, so tests
/// drive whole sessions in process with their own input, output and data folder.
@MainActor public enum UsersShell {
  /// The version `--version` prints.
  public static let version = "0.6.0"

  /// The build configuration this binary was compiled in, which `--version` prints after the version: the shell
  /// tests check that the binary they launch is of their own configuration, wherever the build system put it.
  public static let buildConfiguration: String = {
    #if DEBUG
      "debug"
    #else
      "release"
    #endif
  }()

  /// Runs `users` with `arguments` (without the program name) and returns the exit code.
  ///
  /// 0: the session ended with `quit` or at the end of its input. 1: a command
  /// was refused in a script, or a file named by an option could not be used.
  /// 2: the command line itself was wrong.
  public static func run(arguments: [String], io: IO = .standard) async -> Int32 {
    do throws(ShellExit) {
      let options = try parse(arguments)
      switch options.mode {
      case .help:
        io.write(ShellOptions.usage + "\n")
        return 0
      case .version:
        io.write("users \(version) (\(buildConfiguration) build\(AllocatorTuning.versionNote))\n")
        return 0
      case let .export(file):
        return try await export(to: file, options: options, io: io)
      case let .importUsers(file, replacing):
        return try await importUsers(from: file, replacing: replacing, options: options, io: io)
      case .run:
        break
      }
      let unviewed = featuresWithoutLinkedView()
      guard unviewed.isEmpty else { throw .incompleteBuild(unviewed) }
      let input = try openInput(options, io: io)
      let app = try compose(options, io: io)
      let stepFrom = try stepThroughRecording(
        options, into: app.store, world: app.world, gate: app.replay, io: io)
      let code = await runSession(
        app.store, input: input, options: options, world: app.world, io: io, trace: app.trace,
        viewingFrom: stepFrom)
      // The socket goes with the session: a client sees the end of input, and the folder keeps no stale socket.
      app.debugServer?.stop()
      return code
    } catch {
      io.writeError("users: \(error.message)\n")
      return error.code
    }
  }

  /// The app's store composed exactly as `run` composes it for `arguments` (the live world, the recording gate,
  /// analytics, the timeline), without a session: what the benchmarks send actions to, so the numbers they
  /// publish are the app's. Nil, with the reason written to `io`, when the arguments cannot be used.
  package static func composedStore(
    arguments: [String], io: IO
  ) -> (store: Store<AppFeature.State, AppFeature.Action>, keptAlive: Any)? {
    do throws(ShellExit) {
      let app = try compose(try parse(arguments), io: io)
      return (app.store, app)
    } catch {
      io.writeError("users: \(error.message)\n")
      return nil
    }
  }

  /// What a session runs: the store, the world its dependencies come from, the replay gate and the trace.
  private struct Composition {
    let world: LiveWorld
    let replay: ReplayGate
    let store: Store<AppFeature.State, AppFeature.Action>
    let trace: TraceFile?
    /// Serves the debugger to another terminal (`--debug-server`).
    let debugServer: DebugServer?
  }

  private static func compose(_ options: ShellOptions, io: IO) throws(ShellExit) -> Composition {
    let world = try LiveWorld(options: options, io: io)
    let replay = ReplayGate()
    let reducer = Reduce(try appReducer(options, io: io).droppingEffects(while: replay))
    let initialState = try startingState(options, in: world, io: io)
    // Before the first action: a replay of this recording starts from these values, not the folder's then.
    if let recordPath = options.recordPath {
      ActionLogSink.file(URL(fileURLWithPath: recordPath))
        .writeHeader(
          RecordingHeader(
            RecordingStart(
              sharedValues: world.storage.snapshot(maskingSecrets: true),
              fingerprint: recordingFingerprint(of: initialState, actions: AppFeature.Action.self))))
    }
    let store = Store(initialState: initialState, reducer: reducer, withDependencies: world.prepareDependencies)
    let trace = startDebugging(store, options: options, dataFolder: world.directory, io: io)
    let debugServer = serveDebugger(store, options: options, io: io)
    return Composition(world: world, replay: replay, store: store, trace: trace, debugServer: debugServer)
  }

  /// The file in the data folder keeping the commands typed at the terminal (the newest 1,000).
  static let historyFileName = "history"

  /// The options, or a usage error.
  private static func parse(_ arguments: [String]) throws(ShellExit) -> ShellOptions {
    switch ShellOptions.parse(arguments) {
    case let .success(options): return options
    case let .failure(error): throw .usage(error.message)
    }
  }

  /// Where commands come from: the `--script` file, or standard input (echoed when it is not a terminal, so a
  /// transcript shows each command beside its screen).
  private static func openInput(_ options: ShellOptions, io: IO) throws(ShellExit) -> TerminalInput {
    guard let scriptPath = options.scriptPath else {
      let echo: ((String) -> Void)? = io.isInteractive ? nil : { io.write($0) }
      return TerminalInput(readLine: io.readLine, echo: echo)
    }
    let url = URL(fileURLWithPath: scriptPath)
    do {
      return try TerminalInput(file: url, echo: io.write)
    } catch {
      throw .cannotUse("cannot read the script \(scriptPath): \(FileProblem.describe(error, at: url)).")
    }
  }

  /// AppFeature with what the options add around it: analytics always (so no feature knows about them), then
  /// `--print-changes` and `--record`.
  private static func appReducer(
    _ options: ShellOptions, io: IO
  ) throws(ShellExit) -> Reduce<AppFeature.State, AppFeature.Action> {
    var reducer = Reduce(AppFeature().analytics(AppAnalytics.events))
    if options.printChanges {
      reducer = Reduce(reducer.printChanges(to: ChangeSink(io.write)))
    }
    if let recordPath = options.recordPath {
      let url = URL(fileURLWithPath: recordPath)
      if let problem = cannotAppend(to: url) {
        throw .cannotUse("cannot record to \(recordPath): \(problem)")
      }
      reducer = Reduce(reducer.record(to: .file(url)))
    }
    return reducer
  }

  /// The first state: the last session's screens (unless `--fresh` or `--replay`), with what the shared files
  /// reported on the way in, then the recording's actions when replaying.
  private static func startingState(
    _ options: ShellOptions, in world: LiveWorld, io: IO
  ) throws(ShellExit) -> AppFeature.State {
    // Built with the session's dependencies so its shared values live in the session's storage.
    var state = withDependencies(world.prepareDependencies) { AppFeature.State() }
    if options.restoresSession, options.replayPath == nil {
      switch withDependencies(world.prepareDependencies, operation: { SessionFile.load(from: world.directory) }) {
      case let .state(restored): state = restored
      case let .partial(restored, warning):
        state = restored
        io.writeError("users: \(warning)\n")
      case .none: break
      case let .unusable(warning): io.writeError("users: \(warning)\n")
      }
    }
    reportSharedFileNotices(in: &state, directory: world.directory, io: io)
    guard let replayPath = options.replayPath, !options.stepsThroughReplay else { return state }
    let recording = try readRecording(at: replayPath, options: options, startingFrom: state, io: io)
    if let start = recording.start { world.storage.restore(start.sharedValues) }
    // As `replayActions` does: effects dropped (the recording has what they sent), shared saves paused.
    let gate = ReplayGate()
    let store = Store(
      initialState: state, reducer: AppFeature().droppingEffects(while: gate),
      withDependencies: world.prepareDependencies)
    gate.feed(recording.actions, into: store)
    return store.currentState
  }

  /// Says on standard error when settings.json or favorites.json could not be used as they were.
  private static func reportSharedFileNotices(in state: inout AppFeature.State, directory: URL, io: IO) {
    if let notice = state.$preferences.persistenceStatus.notice {
      io.writeError("users: settings.json: \(notice)\n")
      // Unreadable settings lose the tour's completion, but a users file shows the folder is in use.
      let inUse = ["users.db", "users.json"].contains {
        FileManager.default.fileExists(atPath: directory.appendingPathComponent($0).path)
      }
      if !state.preferences.onboardingCompleted, inUse {
        state.$preferences.withLock { $0.onboardingCompleted = true }
      }
    }
    if let notice = state.list.$favorites.persistenceStatus.notice {
      io.writeError("users: favorites.json: \(notice)\n")
    }
  }

  /// Runs the terminal session to its end, saves the screens for the next start, and gives the exit code.
  private static func runSession(
    _ store: Store<AppFeature.State, AppFeature.Action>, input: TerminalInput, options: ShellOptions,
    world: LiveWorld, io: IO, trace: TraceFile?, viewingFrom: (sequence: Int, note: String?)?
  ) async -> Int32 {
    let interactive = options.scriptPath == nil && io.isInteractive
    let session = TerminalSession(
      store: store, view: appView(),
      style: interactive ? .detect(environment: io.environment) : .plain,
      prompt: interactive ? "users> " : nil, stopOnError: !interactive && !options.keepsGoing,
      effectTimeout: .milliseconds(options.waitMilliseconds), write: io.write)
    // A replay rebuilds the recorded screen; a first-run tour over it would hide what was asked for.
    let startsTour = interactive && options.replayPath == nil
    let first = AppFeature.Action.appStarted(interactive: startsTour)
    if let viewingFrom { session.startViewing(at: viewingFrom.sequence, note: viewingFrom.note) }
    let outcome: TerminalSession<AppFeature.State, AppFeature.Action>.Outcome
    if interactive, let terminal = io.openTerminal() {
      // Nothing is written in a folder read only: not even the commands typed.
      let history =
        world.readOnlyReason == nil ? HistoryFile(url: world.directory.appendingPathComponent(historyFileName)) : nil
      outcome = await session.runLive(first: first, terminal: terminal, historyFile: history)
    } else {
      outcome = await session.run(first: first) { await input.nextInTheBackground() }
    }
    // The screens' watches of other sessions end with the session, not as leaks.
    world.userWatcher?.stop()
    await letEffectsEnd(store)
    reportLeakedEffects(store, traced: trace != nil, io: io)
    trace?.close()
    // Effects still running (a slow save) finish before the process ends; the file is replaced atomically anyway.
    world.storage.flushAll()
    do {
      if world.readOnlyReason == nil { try SessionFile.save(store.currentState, to: world.directory) }
    } catch {
      let file = world.directory.appendingPathComponent(SessionFile.name)
      io.writeError(
        "users: the screens could not be saved for the next start: \(FileProblem.describe(error, at: file)).\n")
    }
    switch outcome {
    case .finished where !interactive && session.refusals > 0:
      let count = session.refusals == 1 ? "1 command was" : "\(session.refusals) commands were"
      io.writeError("users: \(count) refused; --keep-going went on past them.\n")
      return 1
    case .finished:
      return 0
    case let .failed(message):
      io.writeError("users: stopped at line \(input.lineNumber): \(message)\n")
      return 1
    }
  }
}
