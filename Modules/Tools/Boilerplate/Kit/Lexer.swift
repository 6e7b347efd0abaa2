/// Splits Swift source into the tokens declarations are made of, skipping comments, whitespace and the inside of
/// string literals (interpolations, raw and multi-line strings included).
///
/// It reads bytes: everything that matters to a declaration's shape is ASCII, and any other byte is taken as
/// part of a name.
public struct Lexer {
  private let bytes: [UInt8]
  private let file: String
  private var index = 0
  private var line = 1
  private var lineStart = 0
  private var lastTokenLine = 0
  private var documentation: [String] = []

  /// A lexer over one file's text; `file` names it in errors.
  public init(_ source: String, file: String) {
    bytes = Array(source.utf8)
    self.file = file
  }

  /// Every token in the file, or the first place it cannot read (an unterminated comment or string).
  public mutating func tokens() throws(ScanError) -> [Token] {
    var tokens: [Token] = []
    while let token = try next() { tokens.append(token) }
    return tokens
  }

  private func peek(_ offset: Int = 0) -> UInt8? {
    index + offset < bytes.count ? bytes[index + offset] : nil
  }

  private var column: Int { index - lineStart + 1 }

  private func error(_ message: String, line: Int? = nil, column: Int? = nil) -> ScanError {
    ScanError(file: file, line: line ?? self.line, column: column ?? self.column, message: message)
  }

  private mutating func advance() {
    if bytes[index] == UInt8(ascii: "\n") {
      line += 1
      lineStart = index + 1
    }
    index += 1
  }

  private mutating func next() throws(ScanError) -> Token? {
    try skipTrivia()
    guard let byte = peek() else { return nil }
    let startLine = line
    let startColumn = column
    let start = index
    let startsLine = startLine != lastTokenLine
    lastTokenLine = startLine
    let doc = documentation
    documentation = []
    func make(_ kind: Token.Kind, argument: String = "") -> Token {
      var end = start + 1
      while kind == .directive, end < index, isNameByte(bytes[end]) { end += 1 }
      return Token(
        kind, String(decoding: bytes[start..<(kind == .directive ? end : index)], as: UTF8.self), line: startLine,
        column: startColumn, startsLine: startsLine, documentation: doc, argument: argument)
    }
    switch byte {
    case UInt8(ascii: "\""):
      try skipString(hashes: 0)
      return make(.literal)
    case UInt8(ascii: "#"):
      let (kind, argument) = try lexPound()
      return make(kind, argument: argument)
    case UInt8(ascii: "@"):
      advance()
      while let b = peek(), isNameByte(b) { advance() }
      return make(.attribute)
    case UInt8(ascii: "`"):
      advance()
      while let b = peek(), b != UInt8(ascii: "`"), b != UInt8(ascii: "\n") { advance() }
      guard peek() == UInt8(ascii: "`") else {
        throw error("unterminated `name`", line: startLine, column: startColumn)
      }
      advance()
      return make(.word)
    case UInt8(ascii: "0")...UInt8(ascii: "9"):
      while let b = peek(), isNameByte(b) || b == UInt8(ascii: ".") && (peek(1).map(isDigit) ?? false) { advance() }
      return make(.literal)
    case UInt8(ascii: "/"):
      // A bare regex literal (`/a(b/`) is read whole: its parentheses and braces are not the code's.
      guard let end = bareRegexEnd() else {
        advance()
        return make(.punctuation)
      }
      while index < end { advance() }
      return make(.literal)
    case UInt8(ascii: "-") where peek(1) == UInt8(ascii: ">"):
      advance()
      advance()
      return make(.punctuation)
    default:
      if isNameByte(byte) {
        while let b = peek(), isNameByte(b) { advance() }
        return make(.word)
      }
      advance()
      return make(.punctuation)
    }
  }

  /// `#if` and friends (with the rest of the line as their condition), raw strings `#"…"#`, regex literals `#/…/#`,
  /// and other `#` words (`#warning`, `#fileID`).
  private mutating func lexPound() throws(ScanError) -> (Token.Kind, String) {
    var hashes = 0
    while peek(hashes) == UInt8(ascii: "#") { hashes += 1 }
    if peek(hashes) == UInt8(ascii: "\"") {
      for _ in 0..<hashes { advance() }
      try skipString(hashes: hashes)
      return (.literal, "")
    }
    if peek(hashes) == UInt8(ascii: "/") {
      try skipRegex(hashes: hashes)
      return (.literal, "")
    }
    advance()
    let nameStart = index
    while let b = peek(), isNameByte(b) { advance() }
    let name = String(decoding: bytes[nameStart..<index], as: UTF8.self)
    guard name == "if" || name == "elseif" else { return (.directive, "") }
    let conditionStart = index
    while let b = peek(), b != UInt8(ascii: "\n") {
      if b == UInt8(ascii: "/"), peek(1) == UInt8(ascii: "/") || peek(1) == UInt8(ascii: "*") { break }
      advance()
    }
    let condition = String(decoding: bytes[conditionStart..<index], as: UTF8.self)
    return (.directive, condition.trimmingWhitespace())
  }

  private mutating func skipTrivia() throws(ScanError) {
    while let byte = peek() {
      if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r") {
        advance()
      } else if byte == UInt8(ascii: "\n") {
        advance()
      } else if byte == UInt8(ascii: "/"), peek(1) == UInt8(ascii: "/") {
        let isDoc = peek(2) == UInt8(ascii: "/") && peek(3) != UInt8(ascii: "/")
        let start = index
        while let b = peek(), b != UInt8(ascii: "\n") { advance() }
        if isDoc {
          let text = String(decoding: bytes[(start + 3)..<index], as: UTF8.self)
          documentation.append(text.hasPrefix(" ") ? String(text.dropFirst()) : text)
        }
      } else if byte == UInt8(ascii: "/"), peek(1) == UInt8(ascii: "*") {
        try skipBlockComment()
      } else {
        return
      }
    }
  }

  private mutating func skipBlockComment() throws(ScanError) {
    let startLine = line
    let startColumn = column
    var depth = 0
    repeat {
      guard let byte = peek() else {
        throw error("unterminated /* comment */", line: startLine, column: startColumn)
      }
      if byte == UInt8(ascii: "/"), peek(1) == UInt8(ascii: "*") {
        depth += 1
        advance()
      } else if byte == UInt8(ascii: "*"), peek(1) == UInt8(ascii: "/") {
        depth -= 1
        advance()
      }
      advance()
    } while depth > 0
  }

  /// Skips a string literal whose opening quote is next, after `hashes` `#`s: single-line or `"""` multi-line,
  /// with escapes and `\( … )` interpolations, which may hold strings of their own.
  private mutating func skipString(hashes: Int) throws(ScanError) {
    let startLine = line
    let startColumn = column - hashes
    let multiline = peek(1) == UInt8(ascii: "\"") && peek(2) == UInt8(ascii: "\"")
    let quotes = multiline ? 3 : 1
    for _ in 0..<quotes { advance() }
    let unterminated = error("unterminated string literal", line: startLine, column: startColumn)
    while let byte = peek() {
      if byte == UInt8(ascii: "\n"), !multiline { throw unterminated }
      if byte == UInt8(ascii: "\\"), hashesFollow(hashes, at: 1) {
        for _ in 0...hashes { advance() }
        if peek() == UInt8(ascii: "(") {
          try skipInterpolation()
        } else if peek() != nil {
          advance()
        }
        continue
      }
      if byte == UInt8(ascii: "\""), (0..<quotes).allSatisfy({ peek($0) == UInt8(ascii: "\"") }),
        hashesFollow(hashes, at: quotes)
      {
        for _ in 0..<(quotes + hashes) { advance() }
        return
      }
      advance()
    }
    throw unterminated
  }

  private func hashesFollow(_ count: Int, at offset: Int) -> Bool {
    (0..<count).allSatisfy { peek(offset + $0) == UInt8(ascii: "#") }
  }

  /// Skips `( … )` of an interpolation, with nested parentheses, strings and comments.
  private mutating func skipInterpolation() throws(ScanError) {
    let startLine = line
    let startColumn = column
    var depth = 0
    repeat {
      try skipTrivia()
      guard let byte = peek() else {
        throw error("unterminated interpolation \\( … ) in a string", line: startLine, column: startColumn)
      }
      switch byte {
      case UInt8(ascii: "("): depth += 1; advance()
      case UInt8(ascii: ")"): depth -= 1; advance()
      case UInt8(ascii: "\""): try skipString(hashes: 0)
      case UInt8(ascii: "#") where peek(1) == UInt8(ascii: "\""): advance(); try skipString(hashes: 1)
      default: advance()
      }
    } while depth > 0
  }

  /// Where a bare regex literal starting at this `/` ends (just past its closing `/`), or nil when the `/` is an
  /// operator: as Swift reads it, a bare literal starts where an operand may (after `(`, `,`, `=`, `return`…),
  /// does not start with a space, and closes on the same line.
  private func bareRegexEnd() -> Int? {
    let spaces = Array(" \t\n".utf8)
    guard let first = peek(1), !(spaces + Array("/*=".utf8)).contains(first) else { return nil }
    var before = index - 1
    while before >= 0, spaces.contains(bytes[before]) { before -= 1 }
    if before >= 0, !Array("([{,=:;!&|?^~<>+-*%".utf8).contains(bytes[before]) {
      var wordStart = before
      while wordStart > 0, isNameByte(bytes[wordStart - 1]) { wordStart -= 1 }
      let word = String(decoding: bytes[wordStart...before], as: UTF8.self)
      guard ["return", "case", "in", "try", "await", "where", "if", "guard", "while", "throw"].contains(word) else {
        return nil
      }
    }
    var position = index + 1
    var inClass = false
    while position < bytes.count, bytes[position] != UInt8(ascii: "\n") {
      switch bytes[position] {
      case UInt8(ascii: "\\"): position += 1
      case UInt8(ascii: "["): inClass = true
      case UInt8(ascii: "]"): inClass = false
      case UInt8(ascii: "/") where !inClass: return position + 1
      default: break
      }
      position += 1
    }
    return nil
  }

  private mutating func skipRegex(hashes: Int) throws(ScanError) {
    let startLine = line
    let startColumn = column
    for _ in 0...hashes { advance() }
    while let byte = peek() {
      if byte == UInt8(ascii: "\\") {
        advance()
        if peek() != nil { advance() }
        continue
      }
      if byte == UInt8(ascii: "/"), hashesFollow(hashes, at: 1) {
        for _ in 0...hashes { advance() }
        return
      }
      advance()
    }
    throw error("unterminated regex literal", line: startLine, column: startColumn)
  }
}

private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

private func isNameByte(_ byte: UInt8) -> Bool {
  (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
    || isDigit(byte) || byte == UInt8(ascii: "_") || byte >= 0x80
}

extension String {
  /// The text without spaces and tabs at either end.
  func trimmingWhitespace() -> String {
    var text = Substring(self)
    while let first = text.first, first == " " || first == "\t" || first == "\r" { text = text.dropFirst() }
    while let last = text.last, last == " " || last == "\t" || last == "\r" { text = text.dropLast() }
    return String(text)
  }
}
