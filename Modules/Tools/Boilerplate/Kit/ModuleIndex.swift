/// Every declaration of a module, merged across files and extensions, for name lookups while generating.
struct ModuleIndex {
  /// The names of the types and aliases declared in each type and its extensions, by qualified name.
  private(set) var memberTypes: [String: Set<String>] = [:]
  /// Each type's own declaration (not its extensions), by qualified name.
  private(set) var declarations: [String: TypeDeclaration] = [:]
  /// Each type's type aliases, its extensions' included, by qualified name.
  private(set) var typeAliases: [String: [String: String]] = [:]
  /// The names of the functions and properties declared in each type and its extensions, by qualified name.
  private(set) var memberNames: [String: Set<String>] = [:]

  init(_ files: [ScannedFile]) {
    for file in files {
      for type in file.types {
        memberTypes[type.qualifiedName, default: []].formUnion(type.memberTypes)
        memberNames[type.qualifiedName, default: []].formUnion(type.memberNames)
        typeAliases[type.qualifiedName, default: [:]].merge(type.typeAliases) { first, _ in first }
        if type.kind != .extension, declarations[type.qualifiedName] == nil {
          declarations[type.qualifiedName] = type
        }
      }
    }
  }

  /// `type`, written inside `scope`, rewritten so that it reads the same in an extension of `scope`.
  ///
  /// An extension of `A.B` sees the members of `A.B` but not those of `A`; a name declared in `A` (a nested type,
  /// a type alias) is prefixed with `A.` so the generated code, which lives in extensions, finds it.
  func qualify(_ type: String, in scope: String) -> String {
    var result = ""
    var word = ""
    var previous: Character = " "
    func flush(next: Character?) {
      defer { word = "" }
      guard !word.isEmpty else { return }
      let isMember = previous == "." || previous == "@"
      let isLabel = next == ":"
      result += isMember || isLabel ? word : resolve(word, from: scope)
      previous = word.last!
    }
    let characters = Array(type)
    for (position, character) in characters.enumerated() {
      if character.isLetter || character.isNumber || character == "_" || character == "`" {
        word.append(character)
        continue
      }
      let next = characters[position...].first { $0 != " " }
      flush(next: next)
      result.append(character)
      if character != " " { previous = character }
    }
    flush(next: nil)
    return result
  }

  private func resolve(_ name: String, from scope: String) -> String {
    if memberTypes[scope]?.contains(name) == true { return name }
    var components = scope.split(separator: ".").map(String.init)
    while !components.isEmpty {
      components.removeLast()
      let enclosing = components.joined(separator: ".")
      if memberTypes[enclosing]?.contains(name) == true { return "\(enclosing).\(name)" }
    }
    return name
  }
}
