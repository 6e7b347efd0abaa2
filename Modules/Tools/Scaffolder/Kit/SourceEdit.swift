import BoilerplateKit

/// One Swift file being edited by lines, with its tokens from the Boilerplate lexer to find where: edits never
/// match a line's exact text, so a reformatted or commented file is edited the same way.
struct SourceEdit {
  /// Where the file is, for messages.
  let file: String
  /// The lines, without their line breaks.
  private(set) var lines: [String]
  /// The tokens of the text as it was read (their lines are those of the unedited text).
  let tokens: [Token]

  /// The file `source` at `file`, lexed; fails when the lexer cannot read it.
  init(_ source: String, file: String) throws(ScaffoldError) {
    self.file = file
    lines = source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    var lexer = Lexer(source, file: file)
    do throws(ScanError) {
      tokens = try lexer.tokens()
    } catch {
      throw ScaffoldError("cannot read \(file): \(error.description)")
    }
  }

  /// The edited text.
  var text: String { lines.joined(separator: "\n") }

  /// Inserts `newLines` before line `line` (from 1) of the current text.
  mutating func insert(_ newLines: [String], before line: Int) {
    lines.insert(contentsOf: newLines, at: line - 1)
  }

  /// Replaces line `line` (from 1) of the current text.
  mutating func replaceLine(_ line: Int, with text: String) {
    lines[line - 1] = text
  }

  /// The leading spaces of line `line`.
  func indentation(of line: Int) -> String {
    String(lines[line - 1].prefix { $0 == " " })
  }

  /// The index of the first token at or after `start` that begins a line, if any.
  func nextLineStart(after start: Int) -> Int? {
    tokens.indices.dropFirst(start + 1).first { tokens[$0].startsLine }
  }

  /// `import MODULE` added among the file's imports in alphabetical order (unchanged when it is there).
  mutating func addImport(_ module: String) {
    let imports = tokens.indices.filter { tokens[$0].is("import") && tokens[$0].startsLine && tokens[$0].column == 1 }
    let modules = imports.compactMap { tokens.indices.contains($0 + 1) ? ($0, tokens[$0 + 1].text) : nil }
    guard !modules.contains(where: { $0.1 == module }) else { return }
    if let later = modules.first(where: { $0.1 > module }) {
      insert(["import \(module)"], before: tokens[later.0].line)
    } else if let last = modules.last {
      insert(["import \(module)"], before: tokens[last.0].line + 1)
    } else {
      insert(["import \(module)"], before: 1)
    }
  }
}
