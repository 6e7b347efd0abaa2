/// How the parser reads types and passes over what it does not need: bodies, initial values, statements.
extension DeclarationParser {
  /// Reads a type and returns it with normalized spacing: `[String: Int]`, `@Sendable (User) async throws -> Void`,
  /// `(id: ID, action: Action)`, `Result<Int, any Error>?`, `some Reducer<State, Action>`.
  mutating func parseTypeText(context: String) throws(ScanError) -> String {
    var text = ""
    try readType(into: &text, context: context)
    return text
  }

  private mutating func readType(into text: inout String, context: String) throws(ScanError) {
    while let token = current {
      if token.kind == .attribute {
        text += token.text
        index += 1
        if isCurrent("("), current!.column == token.column + token.text.count {
          text += try rawText(ofBalancedFrom: index)
        }
        text += " "
      } else if token.kind == .word, typePrefixWords.contains(token.text) {
        text += token.text + " "
        index += 1
      } else {
        break
      }
    }
    guard let token = current else { throw error("unexpected end of file in \(context)") }
    if token.is("(") {
      try readTupleType(into: &text, context: context)
    } else if token.is("[") {
      index += 1
      text += "["
      try readType(into: &text, context: context)
      if isCurrent(":") {
        index += 1
        text += ": "
        try readType(into: &text, context: context)
      }
      guard isCurrent("]") else { throw error("expected ] in \(context)") }
      index += 1
      text += "]"
    } else if token.kind == .word {
      index += 1
      text += token.text
      if isCurrent("<") { try readGenericArguments(into: &text, context: context) }
    } else {
      throw error("cannot read a type at '\(token.text)' in \(context)")
    }
    try readTypeSuffixes(into: &text, context: context)
  }

  private mutating func readTupleType(into text: inout String, context: String) throws(ScanError) {
    index += 1
    text += "("
    var first = true
    while !isCurrent(")") {
      if !first {
        guard isCurrent(",") else { throw error("expected , or ) in \(context)") }
        index += 1
        text += ", "
      }
      first = false
      if let element = readElementLabel() {
        text += element.label + (element.name.map { " " + $0 } ?? "") + ": "
      }
      try readType(into: &text, context: context)
    }
    index += 1
    text += ")"
  }

  /// Reads the label of a tuple or payload element, if one comes next: `label:`, or `label name:` (`_ name:`).
  mutating func readElementLabel() -> (label: String, name: String?)? {
    guard let token = current, token.kind == .word else { return nil }
    if tokens[safe: index + 1]?.is(":") == true {
      index += 2
      return (token.text, nil)
    }
    guard let name = tokens[safe: index + 1], name.kind == .word, tokens[safe: index + 2]?.is(":") == true else {
      return nil
    }
    index += 3
    return (token.text, name.text)
  }

  private mutating func readGenericArguments(into text: inout String, context: String) throws(ScanError) {
    index += 1
    text += "<"
    try readType(into: &text, context: context)
    while isCurrent(",") {
      index += 1
      text += ", "
      try readType(into: &text, context: context)
    }
    guard isCurrent(">") else { throw error("expected > in \(context)") }
    index += 1
    text += ">"
  }

  private mutating func readTypeSuffixes(into text: inout String, context: String) throws(ScanError) {
    while let token = current {
      let previous = tokens[index - 1]
      let adjacent = token.line == previous.line && token.column == previous.column + previous.text.count
      if (token.is("?") || token.is("!")) && adjacent {
        text += token.text
        index += 1
      } else if token.is("."), tokens[safe: index + 1]?.is(".") == true, tokens[safe: index + 2]?.is(".") == true {
        text += "..."
        index += 3
      } else if token.is("."), let member = tokens[safe: index + 1], member.kind == .word {
        text += "." + member.text
        index += 2
        if isCurrent("<") { try readGenericArguments(into: &text, context: context) }
      } else {
        break
      }
    }
    while let effect = current, effect.kind == .word, ["async", "throws", "rethrows"].contains(effect.text) {
      text += " " + effect.text
      index += 1
      if effect.text == "throws", isCurrent("(") {
        index += 1
        text += "("
        try readType(into: &text, context: context)
        guard isCurrent(")") else { throw error("expected ) after the thrown type in \(context)") }
        index += 1
        text += ")"
      }
    }
    if isCurrent("->") {
      index += 1
      text += " -> "
      try readType(into: &text, context: context)
    }
    if isCurrent("&") {
      index += 1
      text += " & "
      try readType(into: &text, context: context)
    }
  }

  /// The tokens from an opening bracket at `start` to its match, joined without spaces (`(c)` of `@convention(c)`).
  private mutating func rawText(ofBalancedFrom start: Int) throws(ScanError) -> String {
    try skipBalanced()
    return tokens[start..<index].map(\.text).joined()
  }

  /// Skips from an opening `(`, `[` or `{` to its match.
  mutating func skipBalanced() throws(ScanError) {
    let open = tokens[index]
    var depth = 0
    repeat {
      guard let token = current else {
        throw error("missing the closing bracket of this \(open.text)", at: open)
      }
      if token.kind == .punctuation {
        switch token.text {
        case "(", "[", "{": depth += 1
        case ")", "]", "}": depth -= 1
        default: break
        }
      }
      index += 1
    } while depth > 0
  }

  /// Skips generic parameters or arguments `<…>`, which may hold `->` but never a lone `>` of their own.
  mutating func skipAngles() throws(ScanError) {
    let open = tokens[index]
    var depth = 0
    repeat {
      guard let token = current, !token.is("{") else { throw error("missing the > of this <", at: open) }
      if token.is("<") { depth += 1 }
      if token.is(">") { depth -= 1 }
      if token.is("(") || token.is("[") {
        try skipBalanced()
        continue
      }
      index += 1
    } while depth > 0
  }

  /// Whether `token`, the first on its line, starts another declaration (so an expression before it has ended).
  func startsDeclaration(_ token: Token) -> Bool {
    token.kind == .attribute || token.kind == .directive
      || token.kind == .word && (modifierWords.contains(token.text) || declarationWords.contains(token.text))
  }

  /// Skips an initial value: up to the next declaration on a later line, or the `}` closing the scope.
  mutating func skipExpression() throws(ScanError) {
    let start = index
    while let token = current {
      if token.is("}") || token.is(";") { return }
      if index > start, token.startsLine, startsDeclaration(token) { return }
      if token.is("(") || token.is("[") || token.is("{") {
        try skipBalanced()
      } else {
        index += 1
      }
    }
  }

  /// Skips a default value in a payload: up to the `,` or `)` that ends it.
  mutating func skipDefaultValue() throws(ScanError) {
    index += 1
    while let token = current, !token.is(","), !token.is(")") {
      if token.is("(") || token.is("[") || token.is("{") {
        try skipBalanced()
      } else {
        index += 1
      }
    }
  }

  /// Skips a function's signature and body (or a requirement without a body).
  /// The first name of each parameter of the initializer whose `init` was just read, without moving on:
  /// `init?(id: ID, _ name: String)` gives `["id", "_"]`.
  func initializerParameterNames() -> [String] {
    var position = index
    while let token = tokens[safe: position], !token.is("(") {
      guard
        token.is("?") || token.is("!") || token.is("<") || token.is(">") || token.kind == .word
          || token.is(",") || token.is(":")
      else { return [] }
      position += 1
    }
    var names: [String] = []
    var depth = 0
    var expectsName = true
    while let token = tokens[safe: position] {
      if token.is("(") || token.is("[") || token.is("<") { depth += 1 }
      if token.is(")") || token.is("]") || token.is(">") { depth -= 1 }
      if depth == 0 { break }
      if depth == 1, token.is(",") {
        expectsName = true
      } else if depth == 1, expectsName, token.kind == .word {
        names.append(token.text)
        expectsName = false
      }
      position += 1
    }
    return names
  }

  mutating func skipToBody() throws(ScanError) {
    while let token = current {
      if token.is("{") {
        try skipBalanced()
        return
      }
      if token.is("}") || token.startsLine && startsDeclaration(token) { return }
      if token.is("(") || token.is("[") {
        try skipBalanced()
      } else {
        index += 1
      }
    }
  }

  /// Skips a statement of top-level code, or a token the scanner has no use for.
  mutating func skipStatement() throws(ScanError) {
    if isCurrent("(") || isCurrent("[") || isCurrent("{") {
      try skipBalanced()
    } else {
      index += 1
    }
  }
}

extension Array {
  /// The element at `index`, or nil past either end.
  subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
