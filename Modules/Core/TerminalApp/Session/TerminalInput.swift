import Foundation
import TerminalUI

/// The commands a session reads: typed at a terminal, piped in, or from a script file.
///
/// Comment lines (`#`) and blank lines are skipped. Commands that were not
/// typed are echoed after a `> `, so a transcript shows what produced each screen.
public final class TerminalInput {
  private let source: LineReader
  /// Where each command is echoed, if anywhere.
  private let echo: ((String) -> Void)?
  /// The number of the line read last, for error messages.
  public private(set) var lineNumber = 0

  /// Lines from `readLine`, echoed to `echo` if given (standard input that is not a terminal).
  public init(readLine: @escaping () -> String?, echo: ((String) -> Void)?) {
    source = LineReader(readLine)
    self.echo = echo
  }

  /// The lines of the file at `file`, echoed to `echo`.
  public init(file: URL, echo: @escaping (String) -> Void) throws {
    let text = try String(contentsOf: file, encoding: .utf8)
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)[...]
    if lines.last == "" { lines.removeLast() }
    source = LineReader { lines.popFirst() }
    self.echo = echo
  }

  /// The next command, skipping comments and blank lines; nil at the end.
  public func next() -> String? {
    while let line = source.read() {
      if let command = accepted(line) { return command }
    }
    return nil
  }

  /// The next command, as `next()`, each line waited for on a thread of its own: the caller's actor stays free
  /// meanwhile. A piped session reads this way, so that while its pipe is quiet the main actor still runs effects
  /// and answers the attached debugger.
  public func nextInTheBackground(isolation: isolated (any Actor)? = #isolation) async -> String? {
    while let line = await source.readInTheBackground() {
      if let command = accepted(line) { return command }
    }
    return nil
  }

  /// `line` as a command, echoed; nil for a comment or a blank line.
  private func accepted(_ line: String) -> String? {
    lineNumber += 1
    let trimmed = line.trimmingCharacters(in: .whitespaces)
    if trimmed.isEmpty || trimmed.hasPrefix("#") { return nil }
    // Echoed escaped: a script line holding an escape sequence must not move the cursor of whoever reads along.
    echo?("> \(TerminalText.escaped(trimmed))\n")
    return line
  }
}

/// Where an input's lines come from. Sendable unchecked: it is read one line at a time, each read waited for
/// before the next is asked for, so its state is never touched from two threads at once.
private final class LineReader: @unchecked Sendable {
  private let readLine: () -> String?
  /// Where lines are waited for in the background: one at a time, off the cooperative pool (a read may block
  /// until the user types).
  private let queue = DispatchQueue(label: "TerminalInput.lines")

  init(_ readLine: @escaping () -> String?) { self.readLine = readLine }

  /// The next line, read here.
  func read() -> String? { readLine() }

  /// The next line, read on the reader's queue.
  func readInTheBackground() async -> String? {
    await withCheckedContinuation { continuation in
      queue.async { continuation.resume(returning: self.readLine()) }
    }
  }
}
