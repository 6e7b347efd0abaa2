/// A type's name as Swift source spells it: `[Int]`, `String?`, `[String: Int]`, `(x: Double, y: Double)`,
/// `UserList.State`, `Set<Int>`: modules dropped, generic arguments kept, the standard library's sugar used.
func swiftSpelling(of type: Any.Type) -> String {
  // A type declared in a function or private to a file reflects as `Module.(unknown context at $…).Outer.Name`:
  // it is spelled `Outer.Name`. What comes before the contexts becomes a stand-in module, which the reader drops
  // as it drops any module, so the type's own qualifiers stay.
  let name = String(reflecting: type).replacing(
    /[A-Za-z0-9_.]*(?:\(unknown context at \$[0-9a-f]+\)\.)+/, with: "_.")
  var reader = TypeNameReader(text: Array(name))
  return reader.readAll()
}

/// Reads the runtime's fully qualified type name (`Swift.Array<Swift.Int>`) into its source spelling.
private struct TypeNameReader {
  let text: [Character]
  var position = 0

  mutating func readAll() -> String {
    var result = ""
    while position < text.count { result += readElement() }
    return result
  }

  /// One element: a qualified name with its generic arguments, or one character of punctuation.
  private mutating func readElement() -> String {
    let character = text[position]
    guard character.isLetter || character == "_" else {
      position += 1
      return String(character)
    }
    var components: [String] = []
    while position < text.count, text[position].isLetter || text[position] == "_" {
      var component = ""
      while position < text.count, text[position].isLetter || text[position].isNumber || text[position] == "_" {
        component.append(text[position])
        position += 1
      }
      components.append(component)
      guard position + 1 < text.count, text[position] == ".", text[position + 1].isLetter || text[position + 1] == "_"
      else { break }
      position += 1
    }
    // The first component of a qualified name is its module; `.Type` and `.Protocol` stay.
    let isMetatypeSuffix = components.count == 1 && (components[0] == "Type" || components[0] == "Protocol")
    let name =
      components.count > 1 && !isMetatypeSuffix
      ? components.dropFirst().joined(separator: ".") : components.joined(separator: ".")
    guard position < text.count, text[position] == "<" else { return name }
    position += 1
    var arguments: [String] = []
    var current = ""
    while position < text.count, text[position] != ">" {
      if text[position] == "," {
        arguments.append(current.trimmingSpaces)
        current = ""
        position += 1
      } else {
        current += readElement()
      }
    }
    arguments.append(current.trimmingSpaces)
    position += 1
    switch (name, arguments.count) {
    case ("Array", 1): return "[\(arguments[0])]"
    case ("Optional", 1): return arguments[0].contains(" ") ? "(\(arguments[0]))?" : "\(arguments[0])?"
    case ("Dictionary", 2): return "[\(arguments[0]): \(arguments[1])]"
    default: return "\(name)<\(arguments.joined(separator: ", "))>"
    }
  }
}

extension String {
  /// The text without leading and trailing spaces.
  fileprivate var trimmingSpaces: String {
    String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
  }
}
