/// Finds the action cases a module's logic sends itself: `await send(.loaded(…))` in an effect, `.send(.next)` or
/// `Effect.send(.next)` returned by a reducer. A view's `store.send(.tapped)` is a user's action, not the logic's,
/// so a `send` called on an instance is left out.
enum SentCaseScanner {
  /// The words before `.send(` that make it the `Effect.send` static member rather than a method of an instance.
  private static let staticContextWords: Set<String> = [
    "Effect", "return", "in", "case", "else", "await", "try", "throw", "some", "then", "yield",
  ]

  /// The names of the cases sent, in order of appearance, each once.
  static func caseNames(in tokens: [Token]) -> [String] {
    var names: [String] = []
    var seen: Set<String> = []
    for index in tokens.indices where tokens[index].is("send") && index + 3 < tokens.count {
      guard tokens[index + 1].is("("), tokens[index + 2].is("."), tokens[index + 3].kind == .word else { continue }
      if index >= 1, tokens[index - 1].is("."), index >= 2, isInstance(tokens[index - 2]) { continue }
      let name = tokens[index + 3].text
      if seen.insert(name).inserted { names.append(name) }
    }
    return names
  }

  /// The cases named through their type (`UserList.Action.favoriteToggled`, `Action.open`), as a view's commands
  /// name the cases they make: a case the logic sends too (a row named on another page sent as if tapped) is
  /// still one a user causes.
  static func qualifiedCaseNames(in tokens: [Token]) -> [String] {
    var names: [String] = []
    var seen: Set<String> = []
    for index in tokens.indices where tokens[index].is("Action") && index + 2 < tokens.count {
      guard tokens[index + 1].is("."), tokens[index + 2].kind == .word else { continue }
      let name = tokens[index + 2].text
      guard name.first?.isLowercase == true, seen.insert(name).inserted else { continue }
      names.append(name)
    }
    return names
  }

  /// Whether `token`, just before `.send(`, ends an expression whose method `send` is (`store`, `self.store`,
  /// `stores[0]`, `child()`), rather than starting the implicit member `.send`.
  private static func isInstance(_ token: Token) -> Bool {
    switch token.kind {
    case .word: !staticContextWords.contains(token.text)
    case .punctuation: token.text == ")" || token.text == "]" || token.text == "?" || token.text == "!"
    default: false
    }
  }
}
