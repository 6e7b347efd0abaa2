/// Reads the declarations of one Swift file: imports, types and extensions with their nesting, enum cases with
/// their payloads, and stored properties, each under the `#if` conditions around it.
///
/// It is a scanner, not a compiler: function bodies, initial values and anything else it has no use for are
/// skipped by balancing brackets. What it cannot read is an error at a file, line and column.
public enum SourceScanner {
  /// The declarations in `source`; `file` names it in errors and in the result.
  public static func scan(_ source: String, file: String) throws(ScanError) -> ScannedFile {
    var lexer = Lexer(source, file: file)
    let tokens = try lexer.tokens()
    var parser = DeclarationParser(tokens: tokens, file: file)
    try parser.parseFile()
    return ScannedFile(
      path: file, imports: parser.imports, types: parser.types,
      sentCaseNames: SentCaseScanner.caseNames(in: tokens),
      qualifiedCaseNames: SentCaseScanner.qualifiedCaseNames(in: tokens))
  }
}

/// Where the parser is: the type or extension whose members it reads.
struct Scope {
  var index: Int
  var kind: DeclarationKind
  var qualifiedName: String
  var memberAccess: AccessLevel?
  var isHidden: Bool
  var conditionDepth: Int
}

/// One `#if` being read: the conditions of the clauses before this one, and this clause's (nil for `#else`).
struct ConditionFrame {
  var earlier: [String]
  var current: String?
  var token: Token

  var text: String {
    (earlier.map { "!(\($0))" } + (current.map { ["(\($0))"] } ?? [])).joined(separator: " && ")
  }
}

let accessWords: Set<String> = Set(
  [AccessLevel.public, .open, .package, .internal, .fileprivate, .private].map(\.rawValue))
let modifierWords: Set<String> =
  accessWords.union([
    "static", "class", "final", "indirect", "mutating", "nonmutating", "override", "required", "convenience", "lazy",
    "weak", "unowned", "dynamic", "nonisolated", "optional", "prefix", "postfix", "infix", "distributed", "consuming",
    "borrowing", "isolated", "__consuming", "rethrows",
  ])
let declarationWords: Set<String> = [
  "import", "struct", "class", "enum", "actor", "protocol", "extension", "case", "typealias", "associatedtype", "var",
  "let", "func", "init", "deinit", "subscript", "operator", "precedencegroup", "macro",
]
let typePrefixWords: Set<String> = [
  "some", "any", "inout", "borrowing", "consuming", "sending", "each", "repeat", "__owned", "__shared",
]

struct DeclarationParser {
  let tokens: [Token]
  let file: String
  var index = 0
  var conditions: [ConditionFrame] = []
  var imports: [ImportDeclaration] = []
  var types: [TypeDeclaration] = []

  init(tokens: [Token], file: String) {
    self.tokens = tokens
    self.file = file
  }

  var current: Token? { index < tokens.count ? tokens[index] : nil }

  func isCurrent(_ text: String) -> Bool { current?.is(text) ?? false }

  func error(_ message: String, at token: Token? = nil) -> ScanError {
    let token = token ?? current ?? tokens.last
    return ScanError(file: file, line: token?.line ?? 1, column: token?.column ?? 1, message: message)
  }

  func condition(from depth: Int) -> String {
    conditions[depth...].map(\.text).joined(separator: " && ")
  }

  mutating func parseFile() throws(ScanError) {
    try parseMembers(in: nil)
    if let open = conditions.last { throw error("#if without #endif", at: open.token) }
  }

  /// Reads declarations until the `}` that closes `scope` (left for the caller) or the end of the file.
  mutating func parseMembers(in scope: Scope?) throws(ScanError) {
    while let token = current {
      if token.is("}") {
        guard let scope else { throw error("unmatched }") }
        if conditions.count > scope.conditionDepth {
          throw error("#if without #endif before the } that closes \(scope.qualifiedName)", at: conditions.last?.token)
        }
        return
      }
      if token.kind == .directive {
        try readDirective(token, in: scope)
      } else {
        try parseDeclaration(in: scope)
      }
    }
  }

  mutating func readDirective(_ token: Token, in scope: Scope?) throws(ScanError) {
    index += 1
    switch token.text {
    case "#if":
      conditions.append(ConditionFrame(earlier: [], current: token.argument, token: token))
    case "#elseif", "#else":
      guard var frame = conditions.popLast(), conditions.count >= (scope?.conditionDepth ?? 0),
        let previous = frame.current
      else { throw error("\(token.text) without #if", at: token) }
      frame.earlier.append(previous)
      frame.current = token.text == "#else" ? nil : token.argument
      conditions.append(frame)
    case "#endif":
      guard conditions.count > (scope?.conditionDepth ?? 0) else { throw error("#endif without #if", at: token) }
      conditions.removeLast()
    default:
      // #warning("…"), #sourceLocation(…), a freestanding macro: skip its arguments.
      if isCurrent("(") { try skipBalanced() }
    }
  }

  mutating func parseDeclaration(in scope: Scope?) throws(ScanError) {
    let start = index
    let first = tokens[index]
    var access: AccessLevel?
    var modifiers: Set<String> = []
    var attributes: Set<String> = []
    while let token = current {
      if token.kind == .attribute {
        attributes.insert(token.text)
        index += 1
        if isCurrent("("), current!.line == token.line { try skipBalanced() }
        continue
      }
      guard token.kind == .word, modifierWords.contains(token.text) else { break }
      if token.text == "class", let next = tokens[safe: index + 1],
        !declarationWords.contains(next.text) || next.is("class")
      {
        break
      }
      index += 1
      if isCurrent("("), current!.line == token.line {
        try skipBalanced()  // private(set), nonisolated(unsafe): not the declaration's own access
      } else if let level = AccessLevel(rawValue: token.text) {
        access = level
      }
      modifiers.insert(token.text)
    }
    guard let keyword = current else { throw error("expected a declaration after \(first.text)", at: first) }
    switch keyword.kind == .word ? keyword.text : "" {
    case "import":
      try parseImport(from: start)
    case "struct", "class", "enum", "actor", "protocol", "extension":
      try parseType(keyword: DeclarationKind(rawValue: keyword.text)!, access: access, first: first, in: scope)
    case "case" where scope?.kind == .enum:
      try parseCases(summary: first.documentation.first, in: scope!)
    case "typealias", "associatedtype":
      try parseTypeAlias(in: scope)
    case "var", "let":
      try parseProperty(
        access: access, isStatic: modifiers.contains("static") || modifiers.contains("class"),
        isObservationIgnored: attributes.contains("@ObservationStateIgnored"), summary: first.documentation.first,
        in: scope)
    case "func", "init", "deinit", "subscript", "operator", "precedencegroup", "macro":
      index += 1
      if keyword.text == "func", let scope, let name = current { types[scope.index].memberNames.append(name.text) }
      if keyword.text == "init", let scope {
        types[scope.index].initializers.append(
          InitializerDeclaration(access: access ?? .internal, parameterNames: initializerParameterNames()))
      }
      try skipToBody()
    default:
      try skipStatement()
    }
  }

  mutating func parseImport(from start: Int) throws(ScanError) {
    var parts: [String] = []
    var position = start
    while position < index {
      parts.append(tokens[position].text)
      position += 1
    }
    index += 1
    var path = ""
    if let kind = current, kind.kind == .word,
      ["struct", "class", "enum", "protocol", "typealias", "func", "var", "let"].contains(kind.text),
      kind.line == tokens[index - 1].line
    {
      path = kind.text + " "
      index += 1
    }
    guard let name = current, name.kind == .word else { throw error("expected a module name after import") }
    path += name.text
    index += 1
    while isCurrent("."), let next = tokens[safe: index + 1], next.kind == .word {
      path += "." + next.text
      index += 2
    }
    imports.append(
      ImportDeclaration(text: (parts + ["import", path]).joined(separator: " "), condition: condition(from: 0)))
  }

  mutating func parseType(
    keyword: DeclarationKind, access: AccessLevel?, first: Token, in scope: Scope?
  ) throws(ScanError) {
    index += 1
    guard let nameToken = current, nameToken.kind == .word else { throw error("expected a name after \(keyword)") }
    var name = nameToken.text
    index += 1
    if isCurrent("<") { try skipAngles() }
    while keyword == .extension, isCurrent("."), let next = tokens[safe: index + 1], next.kind == .word {
      name += "." + next.text
      index += 2
      if isCurrent("<") { try skipAngles() }
    }
    var inherited: [String] = []
    if isCurrent(":") {
      repeat {
        index += 1
        inherited.append(try parseTypeText(context: "the inheritance clause of \(name)"))
      } while isCurrent(",")
    }
    while let token = current, !token.is("{") {
      if token.is("}") || token.kind == .directive { break }
      index += 1  // a where clause
    }
    guard isCurrent("{") else { throw error("expected { in the declaration of \(name)") }
    let qualifiedName = keyword == .extension || scope == nil ? name : "\(scope!.qualifiedName).\(name)"
    let ownAccess = access ?? scope?.memberAccess ?? .internal
    let hidden = (scope?.isHidden ?? false) || ownAccess.hidesFromOtherFiles
    if let scope, keyword != .extension { types[scope.index].memberTypes.append(name) }
    types.append(
      TypeDeclaration(
        kind: keyword, qualifiedName: qualifiedName, access: ownAccess, isHiddenFromOtherFiles: hidden,
        inherited: inherited, cases: [], storedProperties: [], memberTypes: [], memberNames: [], typeAliases: [:],
        condition: condition(from: 0), file: file, line: nameToken.line, column: nameToken.column))
    let newScope = Scope(
      index: types.count - 1, kind: keyword, qualifiedName: qualifiedName,
      memberAccess: keyword == .extension ? access : nil, isHidden: hidden, conditionDepth: conditions.count)
    if keyword == .protocol {
      try skipBalanced()
      return
    }
    let open = tokens[index]
    index += 1
    try parseMembers(in: newScope)
    guard isCurrent("}") else { throw error("missing } for the { of \(qualifiedName)", at: open) }
    index += 1
  }

  mutating func parseCases(summary: String?, in scope: Scope) throws(ScanError) {
    index += 1
    repeat {
      if isCurrent(",") { index += 1 }
      guard let nameToken = current, nameToken.kind == .word else { throw error("expected a case name") }
      index += 1
      var payload: [PayloadValue] = []
      if isCurrent("(") { payload = try parsePayload(of: nameToken.text) }
      if isCurrent("=") {
        index += 1
        if isCurrent("-") { index += 1 }
        index += 1  // the raw value, one literal
      }
      types[scope.index].cases.append(
        EnumCase(
          name: nameToken.text, payload: payload, summary: summary, condition: condition(from: scope.conditionDepth),
          line: nameToken.line))
    } while isCurrent(",")
  }

  mutating func parsePayload(of caseName: String) throws(ScanError) -> [PayloadValue] {
    let open = tokens[index]
    index += 1
    if isCurrent(")") { throw error("case \(caseName)() has an empty payload: drop the parentheses", at: open) }
    var values: [PayloadValue] = []
    while true {
      let label = readElementLabel().flatMap { $0.label == "_" ? nil : $0.label }
      let type = try parseTypeText(context: "the payload of case \(caseName)")
      if isCurrent("=") { try skipDefaultValue() }
      values.append(PayloadValue(label: label, type: type))
      if isCurrent(",") {
        index += 1
        continue
      }
      guard isCurrent(")") else {
        throw error("cannot read the payload of case \(caseName): expected , or ) after \(type)")
      }
      index += 1
      return values
    }
  }

  mutating func parseTypeAlias(in scope: Scope?) throws(ScanError) {
    index += 1
    guard let name = current, name.kind == .word else { throw error("expected a name after typealias") }
    index += 1
    if isCurrent("<") { try skipAngles() }
    if let scope { types[scope.index].memberTypes.append(name.text) }
    if isCurrent("=") {
      index += 1
      let aliased = try parseTypeText(context: "the type alias \(name.text)")
      if let scope { types[scope.index].typeAliases[name.text] = aliased }
    } else if isCurrent(":") {
      try skipStatement()
    }
  }

  mutating func parseProperty(
    access: AccessLevel?, isStatic: Bool, isObservationIgnored: Bool, summary: String?, in scope: Scope?
  ) throws(ScanError) {
    let isConstant = tokens[index].text == "let"
    index += 1
    guard let nameToken = current, nameToken.kind == .word else {
      try skipStatement()  // a tuple pattern
      return
    }
    index += 1
    if let scope { types[scope.index].memberNames.append(nameToken.text) }
    var type: String?
    if isCurrent(":") {
      index += 1
      type = try parseTypeText(context: "the type of \(nameToken.text)")
    }
    var hasInitialValue = false
    var isStored = true
    if isCurrent("=") {
      hasInitialValue = true
      index += 1
      try skipExpression()
    } else if isCurrent("{") {
      let next = tokens[safe: index + 1]
      isStored = next?.text == "didSet" || next?.text == "willSet"
      try skipBalanced()
    }
    guard let scope, isStored, !isStatic else { return }
    types[scope.index].storedProperties.append(
      StoredProperty(
        name: nameToken.text, type: type, isConstant: isConstant, hasInitialValue: hasInitialValue,
        access: access ?? scope.memberAccess ?? .internal, summary: summary, line: nameToken.line,
        isObservationIgnored: isObservationIgnored))
  }
}
