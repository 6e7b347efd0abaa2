import AnalyticsClient
import AnalyticsClientLive
import AppFeature
import AppInfoClient
import AppInfoClientLive
import Composable
import Foundation
import Sharing
import TerminalApp
import TerminalUI
import UserClient
import UserClientLive

/// The `users` command: parses options, wires the live world, and runs the app's terminal session.
///
/// This is the composition root: the one module that links every feature's
/// Implementation and the live clients. `main.swift` only calls `run`, so tests
/// drive whole sessions in process with their own input, output and data folder.
@MainActor public enum UsersShell {
  /// The version `--version` prints.
  public static let version = "0.6.0"

  /// Where a session reads and writes; `standard` is the process's own terminal.
  public struct IO: Sendable {
    /// The next line of standard input, or nil at its end.
    public var readLine: @Sendable () -> String?
    /// Writes to standard output.
    public var write: @Sendable (String) -> Void
    /// Writes to standard error.
    public var writeError: @Sendable (String) -> Void
    /// Whether standard input and output are a terminal (prompt and colors) rather than a pipe or file.
    public var isInteractive: Bool
    /// The environment (`USERS_DATA_DIR`, `NO_COLOR`).
    public var environment: [String: String]

    /// IO from its parts.
    public init(
      readLine: @escaping @Sendable () -> String?, write: @escaping @Sendable (String) -> Void,
      writeError: @escaping @Sendable (String) -> Void, isInteractive: Bool, environment: [String: String]
    ) {
      self.readLine = readLine
      self.write = write
      self.writeError = writeError
      self.isInteractive = isInteractive
      self.environment = environment
    }

    /// The process's standard input, output and error.
    public static var standard: IO {
      IO(
        readLine: { Swift.readLine() },
        write: { text in
          FileHandle.standardOutput.write(Data(text.utf8))
        },
        writeError: { FileHandle.standardError.write(Data($0.utf8)) },
        isInteractive: isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1,
        environment: ProcessInfo.processInfo.environment)
    }
  }

  /// Runs `users` with `arguments` (without the program name) and returns the exit code.
  ///
  /// 0: the session ended with `quit` or at the end of its input. 1: a command
  /// was refused in a script, or a file named by an option could not be used.
  /// 2: the command line itself was wrong.
  public static func run(arguments: [String], io: IO = .standard) async -> Int32 {
    let options: ShellOptions
    switch ShellOptions.parse(arguments) {
    case let .success(parsed): options = parsed
    case let .failure(error):
      io.writeError("users: \(error.message)\n")
      return 2
    }
    switch options.mode {
    case .help:
      io.write(ShellOptions.usage + "\n")
      return 0
    case .version:
      io.write("users \(version)\n")
      return 0
    case .run:
      break
    }

    let input: TerminalInput
    if let scriptPath = options.scriptPath {
      do {
        input = try TerminalInput(file: URL(fileURLWithPath: scriptPath), echo: io.write)
      } catch {
        io.writeError(
          "users: cannot read the script \(scriptPath): \(FileProblem.describe(error, at: URL(fileURLWithPath: scriptPath))).\n"
        )
        return 1
      }
    } else {
      let echo: ((String) -> Void)? = io.isInteractive ? nil : { io.write($0) }
      input = TerminalInput(readLine: io.readLine, echo: echo)
    }
    let interactive = options.scriptPath == nil && io.isInteractive

    let directory = DataDirectory.resolve(explicit: options.dataDirectory, environment: io.environment)
    if let problem = cannotUseDataFolder(directory) {
      io.writeError("users: cannot use the data folder \(directory.path): \(problem).\n")
      return 1
    }
    let storage = SharedStorage(fileSystem: .live, directory: directory)
    let client = UserClient.live(
      directory: directory, latency: .milliseconds(options.latencyMilliseconds),
      onSkippedRecords: { records in
        for record in records {
          io.writeError(
            "users: users.json: record \(record.position) was skipped: \(record.reason). It stays in the file as it is.\n"
          )
        }
      }
    )
    let analytics =
      options.analytics ? AnalyticsClient.live(file: directory.appendingPathComponent("analytics.jsonl")) : .disabled
    let appInfo = AppInfoClient.live(
      version: version, directory: directory,
      dataFiles: [
        ("users", "users.json"), ("settings", "settings.json"), ("favorites", "favorites.json"),
        ("session", SessionFile.name), ("analytics", "analytics.jsonl"),
      ])
    let prepareDependencies: (inout DependencyValues) -> Void = {
      $0.context = .live
      $0[UserClient.self] = client
      $0[AppInfoClient.self] = appInfo
      $0[AnalyticsClient.self] = analytics
      $0.sharedStorage = storage
    }

    // Analytics wrap the whole app here, so no feature knows about them.
    var reducer = Reduce(AppFeature().analytics(AppAnalytics.events))
    if options.printChanges {
      reducer = Reduce(reducer.printChanges(to: ChangeSink(io.write)))
    }
    if let recordPath = options.recordPath {
      let url = URL(fileURLWithPath: recordPath)
      if let problem = cannotAppend(to: url) {
        io.writeError("users: cannot record to \(recordPath): \(problem)\n")
        return 1
      }
      reducer = Reduce(reducer.record(to: .file(url)))
    }

    // Built with the session's dependencies so its shared values live in the session's storage.
    var initialState = withDependencies(prepareDependencies) { AppFeature.State() }
    if options.restoresSession, options.replayPath == nil {
      switch withDependencies(prepareDependencies, operation: { SessionFile.load(from: directory) }) {
      case let .state(restored): initialState = restored
      case .none: break
      case let .unusable(warning): io.writeError("users: \(warning)\n")
      }
    }
    if let notice = initialState.$preferences.persistenceStatus.notice {
      io.writeError("users: settings.json: \(notice)\n")
      // Unreadable settings lose the tour's completion, but a users file shows the folder is in use.
      let usersFile = directory.appendingPathComponent("users.json").path
      if !initialState.preferences.onboardingCompleted, FileManager.default.fileExists(atPath: usersFile) {
        initialState.$preferences.withLock { $0.onboardingCompleted = true }
      }
    }
    if let notice = initialState.list.$favorites.persistenceStatus.notice {
      io.writeError("users: favorites.json: \(notice)\n")
    }
    if let replayPath = options.replayPath {
      do {
        let log = try String(contentsOf: URL(fileURLWithPath: replayPath), encoding: .utf8)
        initialState = try replayActions(
          log, initialState: initialState, reducer: AppFeature(), withDependencies: prepareDependencies)
      } catch let error as ReplayError {
        io.writeError("users: \(replayPath) is not a recording of this app: \(error)\n")
        return 1
      } catch {
        io.writeError(
          "users: cannot read the recording \(replayPath): \(FileProblem.describe(error, at: URL(fileURLWithPath: replayPath))).\n"
        )
        return 1
      }
    }

    let store = Store(initialState: initialState, reducer: reducer, withDependencies: prepareDependencies)
    let session = TerminalSession(
      store: store, view: appView(),
      style: interactive ? .detect(environment: io.environment) : .plain,
      prompt: interactive ? "users> " : nil, stopOnError: !interactive,
      effectTimeout: .milliseconds(options.waitMilliseconds), write: io.write)
    // A replay rebuilds the recorded screen; a first-run tour over it would hide what was asked for.
    let startsTour = interactive && options.replayPath == nil
    let outcome = await session.run(first: .appStarted(interactive: startsTour)) { input.next() }
    // Effects still running (a slow save) finish before the process ends; the file is replaced atomically anyway.
    storage.flushAll()
    do {
      try SessionFile.save(store.currentState, to: directory)
    } catch {
      io.writeError(
        "users: the screens could not be saved for the next start: \(FileProblem.describe(error, at: directory.appendingPathComponent(SessionFile.name))).\n"
      )
    }
    switch outcome {
    case .finished:
      return 0
    case let .failed(message):
      io.writeError("users: stopped at line \(input.lineNumber): \(message)\n")
      return 1
    }
  }
}
