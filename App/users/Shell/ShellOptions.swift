import Foundation

/// What `users` was asked to do, from its command-line arguments.
public struct ShellOptions: Equatable, Sendable {
  /// Run the directory, or only print help or the version.
  public enum Mode: Equatable, Sendable {
    /// Open a session.
    case run
    /// Print the usage and leave.
    case help
    /// Print the version and leave.
    case version
    /// `users export FILE`: write the users to FILE as JSON ("-": standard output) and leave.
    case export(String)
    /// `users import FILE [--replace]`: add the users of a JSON file (or replace the directory's with them).
    case importUsers(String, replacing: Bool)
  }

  /// What to do.
  public var mode: Mode = .run
  /// `--data-dir`: the folder holding users.db (else `USERS_DATA_DIR`, else the platform's folder).
  public var dataDirectory: String?
  /// `--script`: a file of commands to run instead of standard input.
  public var scriptPath: String?
  /// `--keep-going`: a script or piped input goes on past a refused command, and exits 1 at its end if one was.
  public var keepsGoing = false
  /// `--print-changes`: print each action and the state diff it caused.
  public var printChanges = false
  /// `--record`: append every action to this file as JSON lines.
  public var recordPath: String?
  /// `--replay`: rebuild the session's state from this recording before reading commands.
  public var replayPath: String?
  /// `--latency`: milliseconds added to every data operation, to watch loading states.
  public var latencyMilliseconds = 0
  /// `--wait`: how long a command waits for its work before the screen is shown anyway.
  public var waitMilliseconds = 10_000
  /// `--no-analytics`: record no analytics events.
  public var analytics = true
  /// `--read-only`: read the data folder without writing anything in it (as when it cannot be written).
  public var readOnly = false
  /// `--fresh`: start on the list instead of restoring the last session's screens.
  public var restoresSession = true
  /// `--trace`: write the session's actions, reduces and effects to this file in the Trace Event Format.
  public var tracePath: String?
  /// `--step` (with `--replay`): open the recording at its first action in the debugger.
  public var stepsThroughReplay = false
  /// `--skip-undecodable` (with `--replay`): leave out the recording's lines that no longer decode.
  public var skipsUndecodable = false
  /// `--debug-server` (or `COMPOSABLE_DEBUGGER=1`): serve the debugger to `composable-debugger` in another terminal.
  public var servesDebugger = false
  /// `--timeline`: how many actions the debugger keeps (0 turns it off).
  public var timelineCapacity = 1_000

  /// The defaults: run interactively on the default data folder.
  public init() {}

  /// Reads `arguments` (without the program name); `--name value` and `--name=value` both work.
  public static func parse(_ arguments: [String]) -> Result<ShellOptions, ShellUsageError> {
    var options = ShellOptions()
    var remaining = arguments[...]
    var seen: Set<String> = []
    if let error = parseTransfer(&remaining, into: &options) { return .failure(error) }
    while let argument = remaining.popFirst() {
      var name = argument
      var inlineValue: String?
      if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
        name = String(argument[..<equals])
        inlineValue = String(argument[argument.index(after: equals)...])
      }
      func value(_ what: String) -> Result<String, ShellUsageError> {
        if let inlineValue, !inlineValue.isEmpty { return .success(inlineValue) }
        if inlineValue == nil, let next = remaining.first, !next.hasPrefix("--") {
          remaining.removeFirst()
          return .success(next)
        }
        return .failure(ShellUsageError("\(name) needs \(what)."))
      }
      guard seen.insert(name).inserted else { return .failure(ShellUsageError("\(name) is given twice.")) }
      switch name {
      case "--help", "-h": options.mode = .help
      case "--version": if options.mode != .help { options.mode = .version }
      case "--print-changes": options.printChanges = true
      case "--keep-going": options.keepsGoing = true
      case "--no-analytics": options.analytics = false
      case "--read-only": options.readOnly = true
      case "--fresh": options.restoresSession = false
      case "--step": options.stepsThroughReplay = true
      case "--skip-undecodable": options.skipsUndecodable = true
      case "--debug-server": options.servesDebugger = true
      case "--replace":
        guard case let .importUsers(file, _) = options.mode else {
          return .failure(ShellUsageError("--replace goes with 'users import FILE'."))
        }
        options.mode = .importUsers(file, replacing: true)
      default:
        guard let option = valueOptions[name] else {
          let what = name.hasPrefix("-") ? "option '\(name)'" : "argument '\(name)'"
          return .failure(ShellUsageError("Unknown \(what); 'users --help' lists the options."))
        }
        switch value(option.what) {
        case let .success(text) where text.trimmingCharacters(in: .whitespaces).isEmpty:
          return .failure(ShellUsageError("\(name) needs \(option.what), not an empty text."))
        case let .success(text):
          if let error = option.apply(&options, text) { return .failure(error) }
        case let .failure(error): return .failure(error)
        }
      }
      if inlineValue != nil, flags.contains(name) {
        return .failure(ShellUsageError("\(name) takes no value."))
      }
    }
    if let error = refusedCombination(options, seen: seen) { return .failure(error) }
    return .success(options)
  }

  /// `export FILE` or `import FILE` at the start of the arguments, taken off them into `options.mode`.
  private static func parseTransfer(_ remaining: inout ArraySlice<String>, into options: inout ShellOptions)
    -> ShellUsageError?
  {
    guard let command = remaining.first, command == "export" || command == "import" else { return nil }
    remaining.removeFirst()
    guard let file = remaining.popFirst(), file == "-" || !file.hasPrefix("-") else {
      return ShellUsageError("'users \(command)' needs a file: users \(command) FILE.")
    }
    options.mode = command == "export" ? .export(file) : .importUsers(file, replacing: false)
    return nil
  }

  /// Why options that each parse cannot go together (`seen`: the options given), or nil.
  private static func refusedCombination(_ options: ShellOptions, seen: Set<String>) -> ShellUsageError? {
    switch options.mode {
    case .export, .importUsers:
      if let other = seen.subtracting(["--data-dir", "--replace"]).sorted().first {
        return ShellUsageError("\(other) has no meaning for 'users export' or 'users import'.")
      }
    case .run, .help, .version: break
    }
    if let record = options.recordPath, let replay = options.replayPath,
      URL(fileURLWithPath: record).standardizedFileURL == URL(fileURLWithPath: replay).standardizedFileURL
    {
      return ShellUsageError("--record and --replay name the same file; record to another one.")
    }
    if options.skipsUndecodable, options.replayPath == nil {
      return ShellUsageError(
        "--skip-undecodable replays what still decodes of a recording: give it with --replay <file>.")
    }
    if options.stepsThroughReplay, options.replayPath == nil {
      return ShellUsageError("--step opens a recording step by step: give it with --replay <file>.")
    }
    if options.stepsThroughReplay, options.timelineCapacity == 0 {
      return ShellUsageError("--step needs the debugger's timeline; drop --timeline 0.")
    }
    if options.servesDebugger, options.timelineCapacity == 0 {
      return ShellUsageError("--debug-server serves the debugger's timeline; drop --timeline 0.")
    }
    return nil
  }

  /// The options that take no value.
  private static let flags: Set = [
    "--help", "-h", "--version", "--print-changes", "--keep-going", "--no-analytics", "--read-only", "--fresh",
    "--step", "--replace", "--debug-server", "--skip-undecodable",
  ]

  /// The options that take a value: what the value is (for errors) and how it sets the options.
  private static let valueOptions:
    [String: (what: String, apply: @Sendable (inout ShellOptions, String) -> ShellUsageError?)] = [
      "--data-dir": (
        "a folder",
        {
          $0.dataDirectory = $1; return nil
        }
      ),
      "--script": (
        "a file of commands",
        {
          $0.scriptPath = $1; return nil
        }
      ),
      "--record": (
        "a file to write",
        {
          $0.recordPath = $1; return nil
        }
      ),
      "--replay": (
        "a recording to read",
        {
          $0.replayPath = $1; return nil
        }
      ),
      "--trace": (
        "a file to write",
        {
          $0.tracePath = $1; return nil
        }
      ),
      "--timeline": (
        "a number of actions",
        { options, text in
          guard let count = Int(text), (0...1_000_000).contains(count) else {
            return ShellUsageError("--timeline needs a number of actions from 0 to 1000000, not '\(text)'.")
          }
          options.timelineCapacity = count
          return nil
        }
      ),
      "--latency": (
        "a number of milliseconds",
        { options, text in
          guard let milliseconds = Int(text), (0...60_000).contains(milliseconds) else {
            return ShellUsageError("--latency needs milliseconds from 0 to 60000, not '\(text)'.")
          }
          options.latencyMilliseconds = milliseconds
          return nil
        }
      ),
      "--wait": (
        "a number of milliseconds",
        { options, text in
          guard let milliseconds = Int(text), (0...600_000).contains(milliseconds) else {
            return ShellUsageError("--wait needs milliseconds from 0 to 600000, not '\(text)'.")
          }
          options.waitMilliseconds = milliseconds
          return nil
        }
      ),
    ]

  /// The text `--help` prints.
  public static let usage = """
    users: a people directory in the terminal.

    Usage: users [options]
           users export FILE [--data-dir <folder>]
           users import FILE [--replace] [--data-dir <folder>]

    Options:
      --data-dir <folder>   Keep the data files in <folder> (default: $USERS_DATA_DIR, else the
                            platform's per-user data folder): users.db (the users, in
                            SQLite; an earlier version's users.json is imported once),
                            settings.json, favorites.json, session.json (the screens,
                            restored at the next start) and analytics.jsonl.
      --script <file>       Run the commands in <file> (one per line, # starts a comment);
                            stop with exit code 1 at the first refused command.
      --keep-going          With --script or piped input: say why a command was refused and go
                            on; exit with code 1 at the end if any was.
      --print-changes       Print each action and the state diff it caused.
      --record <file>       Append every action to <file> as JSON lines.
      --replay <file>       Rebuild the state from a recording, then go on with commands.
      --step                With --replay: open the recording at its first action in the
                            debugger (':next' steps, ':resume' goes on from its end).
      --skip-undecodable    With --replay: leave out the lines this version's types no longer
                            decode (each is listed), and replay the rest.
      --trace <file>        Write every action, reduce and effect to <file> as it happens, in
                            the Trace Event Format (open it in ui.perfetto.dev).
      --timeline <n>        Keep the last <n> actions for the debugger (default 1000; 0: off).
      --debug-server        Serve the debugger to another terminal: 'swift run composable-debugger'
                            attaches (also COMPOSABLE_DEBUGGER=1; the socket goes in
                            $COMPOSABLE_DEBUGGER_DIR, else $XDG_RUNTIME_DIR or ~/.composable-debugger).
      --latency <ms>        Slow every data operation down by <ms> milliseconds (a slow
                            disk: a save holds the data file's lock that long).
      --wait <ms>           Show the screen after <ms> milliseconds even if a command's work
                            is still running (default 10000).
      --fresh               Start on the list instead of the last session's screens.
      --no-analytics        Record no analytics events.
      --read-only           Browse, search and export without writing anything in the data
                            folder (as in a folder that cannot be written): changes are refused,
                            favorites and settings last for the session only.
      --version             Print the version and the build configuration.
      -h, --help            Print this help.

    Moving users in and out (the JSON of earlier versions' users.json, one user a line):
      export FILE           Write every user to FILE ('-': standard output), in id order.
      import FILE           Add the users of FILE with their ids; nothing is written if an id
                            or an email is already taken.
      --replace             With import: replace the directory's users with FILE's.

    Without --script, commands come from the terminal (with a prompt and colors) or, when
    standard input is not a terminal, from standard input like a script. NO_COLOR turns
    colors off. Type 'help' in a session for the current screen's commands.
    """
}

/// A command line `users` cannot run; the message says what was wrong.
public struct ShellUsageError: Error, Equatable, CustomStringConvertible {
  /// The message.
  public let message: String

  /// An error with a message.
  public init(_ message: String) { self.message = message }

  /// The message.
  public var description: String { message }
}
