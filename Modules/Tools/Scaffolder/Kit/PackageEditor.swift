import BoilerplateKit

/// Registers a new feature in Package.swift through its tokens: a line at the end of the `features` list, and its
/// name in `appFeatures` when the app shows it.
public enum PackageEditor {
  /// `source` with `line` (`  + feature("Name")`) at the end of the expression of `let features`.
  public static func addingFeature(_ line: String, in source: String) throws(ScaffoldError) -> String {
    var edit = try SourceEdit(source, file: "Package.swift")
    let tokens = edit.tokens
    guard let declaration = topLevelLet("features", in: tokens) else {
      throw ScaffoldError("Package.swift has no 'let features: [Target] =' list to register the feature in")
    }
    // The list ends where the next top-level declaration begins, above its doc comment and blank lines.
    let next = tokens.indices.dropFirst(declaration + 1).first { tokens[$0].startsLine && tokens[$0].column == 1 }
    var end = next.map { tokens[$0].line - tokens[$0].documentation.count } ?? edit.lines.count + 1
    while end - 1 > tokens[declaration].line, edit.lines[end - 2].allSatisfy({ $0 == " " }) { end -= 1 }
    edit.insert([line], before: end)
    return edit.text
  }

  /// `source` with `"name"` added at the end of `let appFeatures = [...]`.
  public static func addingAppFeature(_ name: String, in source: String) throws(ScaffoldError) -> String {
    var edit = try SourceEdit(source, file: "Package.swift")
    let tokens = edit.tokens
    guard let declaration = topLevelLet("appFeatures", in: tokens),
      let open = tokens.indices.dropFirst(declaration).first(where: { tokens[$0].is("[") })
    else {
      throw ScaffoldError("Package.swift has no 'let appFeatures = [' list to add the feature to")
    }
    var depth = 0
    guard
      let close = tokens.indices.dropFirst(open).first(where: { index in
        if tokens[index].is("[") { depth += 1 }
        if tokens[index].is("]") { depth -= 1 }
        return depth == 0
      })
    else { throw ScaffoldError("Package.swift's appFeatures list has no closing ']'") }
    let previous = tokens[close - 1]
    let addition = previous.is(",") || previous.is("[") ? "\"\(name)\"" : ", \"\(name)\""
    let closing = tokens[close]
    var text = edit.lines[closing.line - 1]
    let position = text.index(text.startIndex, offsetBy: closing.column - 1)
    text.insert(contentsOf: addition, at: position)
    edit.replaceLine(closing.line, with: text)
    return edit.text
  }

  private static func topLevelLet(_ name: String, in tokens: [Token]) -> Int? {
    tokens.indices.first { index in
      tokens[index].is("let") && tokens[index].column == 1 && tokens.indices.contains(index + 1)
        && tokens[index + 1].is(name)
    }
  }
}
