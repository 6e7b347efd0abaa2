import Foundation
import TerminalUI

/// The commands a session reads: typed at a terminal, piped in, or from a script file.
///
/// Comment lines (`#`) and blank lines are skipped. Commands that were not
/// typed are echoed after a `> `, so a transcript shows what produced each screen.
public final class TerminalInput {
  private let source: () -> String?
  /// Where each command is echoed, if anywhere.
  private let echo: ((String) -> Void)?
  /// The number of the line read last, for error messages.
  public private(set) var lineNumber = 0

  /// Lines from `readLine`, echoed to `echo` if given (standard input that is not a terminal).
  public init(readLine: @escaping () -> String?, echo: ((String) -> Void)?) {
    source = readLine
    self.echo = echo
  }

  /// The lines of the file at `file`, echoed to `echo`.
  public init(file: URL, echo: @escaping (String) -> Void) throws {
    let text = try String(contentsOf: file, encoding: .utf8)
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)[...]
    if lines.last == "" { lines.removeLast() }
    source = { lines.popFirst() }
    self.echo = echo
  }

  /// The next command, skipping comments and blank lines; nil at the end.
  public func next() -> String? {
    while let line = source() {
      lineNumber += 1
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
      // Echoed escaped: a script line holding an escape sequence must not move the cursor of whoever reads along.
      echo?("> \(TerminalText.escaped(trimmed))\n")
      return line
    }
    return nil
  }
}
