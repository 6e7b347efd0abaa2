import Foundation
import TerminalApp

extension UsersShell {
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
    /// The terminal in raw mode for a live session, or nil to read lines (tests, or a terminal that refused).
    public var openTerminal: @Sendable () -> LiveTerminal?

    /// IO from its parts.
    public init(
      readLine: @escaping @Sendable () -> String?, write: @escaping @Sendable (String) -> Void,
      writeError: @escaping @Sendable (String) -> Void, isInteractive: Bool, environment: [String: String],
      openTerminal: @escaping @Sendable () -> LiveTerminal? = { nil }
    ) {
      self.openTerminal = openTerminal
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
        environment: ProcessInfo.processInfo.environment, openTerminal: { LiveTerminal.standard() })
    }
  }
}
