import Foundation

/// What a feature's terminal app is asked on its command line: `--replay FILE` (the recording's actions, then on
/// from its end) and `--step` (opened on its first action, or on the failing one of an exploration's recording).
struct TerminalAppOptions: Equatable {
  /// The recording to open.
  var replayPath: String?
  /// Whether it is opened in the debugger rather than continued from its end.
  var steps = false
  /// Whether the debugger is served to another terminal (`--debug-server`).
  var servesDebugger = false
  /// Whether a recording's lines that no longer decode are skipped, the rest replayed (`--skip-undecodable`).
  var skipsUndecodable = false

  /// The options in `arguments` (the process's, without its name), or one line saying what is wrong.
  static func parse(_ arguments: [String]) -> Result<TerminalAppOptions, TerminalAppUsageError> {
    var options = TerminalAppOptions()
    var remaining = arguments[...]
    while let argument = remaining.popFirst() {
      switch argument {
      case "--replay":
        guard let path = remaining.popFirst(), !path.hasPrefix("--"), !path.isEmpty else {
          return .failure(TerminalAppUsageError("--replay needs a recording: --replay <file>."))
        }
        options.replayPath = path
      case "--step":
        options.steps = true
      case "--debug-server":
        options.servesDebugger = true
      case "--skip-undecodable":
        options.skipsUndecodable = true
      default:
        return .failure(TerminalAppUsageError("unknown option '\(argument)'.\n\(usage)"))
      }
    }
    if options.skipsUndecodable, options.replayPath == nil {
      return .failure(
        TerminalAppUsageError(
          "--skip-undecodable replays what still decodes of a recording: give it with --replay <file>."))
    }
    if options.steps, options.replayPath == nil {
      return .failure(TerminalAppUsageError("--step opens a recording step by step: give it with --replay <file>."))
    }
    return .success(options)
  }

  /// The options every feature's terminal app takes.
  static var usage: String {
    """
    Options:
      --replay <file>  Replay a recording (a --record log, or an exploration's failure) and go on from its end.
      --step           With --replay: open it in the debugger, on its first action or on the failing one.
      --skip-undecodable  With --replay: leave out the lines the app's types no longer decode, replay the rest.
      --debug-server   Serve the debugger to another terminal ('swift run composable-debugger' attaches);
                       COMPOSABLE_DEBUGGER=1 does the same.
    """
  }
}

/// A command line a terminal app cannot run: said in one line, exit code 2.
package struct TerminalAppUsageError: Error, Equatable {
  /// The line that says what is wrong.
  package let message: String

  init(_ message: String) {
    self.message = message
  }
}
