import Foundation

/// The lines a non-interactive session runs, from a script file or piped standard input.
///
/// Comment lines (`#`) and blank lines are skipped; each command is echoed
/// after a `> ` so a transcript shows what produced each screen.
final class ScriptInput {
  private let source: () -> String?
  /// Where each command is echoed, if anywhere.
  private let echo: ((String) -> Void)?
  /// The number of the line read last, for error messages.
  private(set) var lineNumber = 0

  /// Lines from `readLine`, echoed to `echo` if given (standard input that is not a terminal).
  init(readLine: @escaping () -> String?, echo: ((String) -> Void)?) {
    source = readLine
    self.echo = echo
  }

  /// The lines of the file at `file`, echoed to `echo`.
  init(file: URL, echo: @escaping (String) -> Void) throws {
    let text = try String(contentsOf: file, encoding: .utf8)
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)[...]
    if lines.last == "" { lines.removeLast() }
    source = { lines.popFirst() }
    self.echo = echo
  }

  /// The next command, skipping comments and blank lines; nil at the end.
  func next() -> String? {
    while let line = source() {
      lineNumber += 1
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
      echo?("> \(trimmed)\n")
      return line
    }
    return nil
  }

  /// Why `url` cannot be appended to, or nil if it can (checked before a session starts recording into it).
  static func cannotAppend(to url: URL) -> String? {
    let manager = FileManager.default
    var isDirectory: ObjCBool = false
    if manager.fileExists(atPath: url.path, isDirectory: &isDirectory) {
      if isDirectory.boolValue { return "it is a folder." }
      return manager.isWritableFile(atPath: url.path) ? nil : "the file is not writable."
    }
    let folder = url.deletingLastPathComponent()
    do {
      try manager.createDirectory(at: folder, withIntermediateDirectories: true)
    } catch {
      return "cannot create the folder \(folder.path): \(error.localizedDescription)"
    }
    return manager.isWritableFile(atPath: folder.path) ? nil : "the folder \(folder.path) is not writable."
  }
}
