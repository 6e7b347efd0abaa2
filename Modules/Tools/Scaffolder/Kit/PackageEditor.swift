import BoilerplateKit

/// Registers a new feature in Package.swift through its tokens: a line at the end of the `features` list, and its
/// name in `appFeatures` when the app shows it.
public enum PackageEditor {
  /// `source` with `line` (`  feature("Name"),`) as the last element of `let features: [Target] = [...]`.
  public static func addingFeature(_ line: String, in source: String) throws(ScaffoldError) -> String {
    var edit = try SourceEdit(source, file: "Package.swift")
    let tokens = edit.tokens
    guard let declaration = topLevelLet("features", in: tokens),
      let open = tokens.indices.dropFirst(declaration).first(where: {
        tokens[$0].is("[") && tokens[$0].startsLine == false && tokens[$0 - 1].is("=")
      })
    else {
      throw ScaffoldError("Package.swift has no 'let features: [Target] = [' list to register the feature in")
    }
    guard let close = matchingBracket(from: open, in: tokens), tokens[close].startsLine else {
      throw ScaffoldError("Package.swift's features list has no ']' at the start of a line to add the feature before")
    }
    // The element before gets the comma a list of one element per line may have left out.
    let previous = tokens[close - 1]
    if !previous.is(","), !previous.is("[") {
      edit.replaceLine(previous.line, with: edit.lines[previous.line - 1] + ",")
    }
    edit.insert([line], before: tokens[close].line)
    return edit.text
  }

  /// The index of the `]` that closes the `[` at `open`.
  private static func matchingBracket(from open: Int, in tokens: [Token]) -> Int? {
    var depth = 0
    return tokens.indices.dropFirst(open).first { index in
      if tokens[index].is("[") { depth += 1 }
      if tokens[index].is("]") { depth -= 1 }
      return depth == 0
    }
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
    guard let close = matchingBracket(from: open, in: tokens) else {
      throw ScaffoldError("Package.swift's appFeatures list has no closing ']'")
    }
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
