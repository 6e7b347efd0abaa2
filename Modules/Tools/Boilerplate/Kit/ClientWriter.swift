/// Writes a dependency client's `unimplementedValue`, whose every endpoint fails the test that calls it, naming the
/// endpoint (`UserClient.load`).
///
/// Not its public memberwise initializer: Swift synthesizes an internal one with the same signature, and any
/// initializer an extension declares with that signature is a redeclaration of it (only a macro can add one to the
/// struct's own body, where it replaces the synthesized one). The client writes that initializer itself.
struct ClientWriter {
  let client: TypeDeclaration
  let index: ModuleIndex

  func extensionText() throws(ScanError) -> String {
    let name = client.qualifiedName
    let access = accessPrefix(of: client)
    var endpoints: [String] = []
    for property in client.storedProperties where !property.hasInitialValue {
      guard let written = property.type else {
        throw ScanError(
          file: client.file, line: property.line, column: 1,
          message: "\(name).\(property.name) needs a type annotation: the generated initializer takes it")
      }
      let type = index.qualify(written, in: name)
      let function = FunctionType(type)
      guard let function else {
        throw ScanError(
          file: client.file, line: property.line, column: 1,
          message: "\(name).\(property.name) is not a closure: a client's stored properties are its endpoints")
      }
      let placeholder: String
      if function.throws {
        placeholder = ""
      } else if function.returnsVoid {
        placeholder = ", placeholder: ()"
      } else {
        throw ScanError(
          file: client.file, line: property.line, column: 1,
          message: "\(name).\(property.name) neither throws nor returns Void, so an unimplemented endpoint has "
            + "nothing to return: make it throw")
      }
      endpoints.append("\(property.name): unimplemented(\"\(client.name).\(property.name)\"\(placeholder))")
    }
    var text = "extension \(name) {\n"
    text += documentation(
      "A client whose every endpoint fails the test that calls it, naming the endpoint (generated).", indent: "  ")
    text += "  \(access)static var unimplementedValue: \(name) {\n"
    text += "    \(name)(\n      \(endpoints.joined(separator: ",\n      "))\n    )\n  }\n}"
    return text
  }
}

/// What the generator needs to know of a function type: whether it throws and whether it returns nothing.
struct FunctionType {
  var `throws`: Bool
  var returnsVoid: Bool

  /// The function type `type` is, or nil if it is not one (an optional closure is not: it is not `@escaping`).
  init?(_ type: String) {
    var depth = 0
    var arrow: String.Index?
    var position = type.startIndex
    while position < type.endIndex {
      let character = type[position]
      if "([<".contains(character) { depth += 1 }
      if ")]>".contains(character),
        !(character == ">" && position > type.startIndex
          && type[type.index(before: position)] == "-")
      {
        depth -= 1
      }
      if depth == 0, type[position...].hasPrefix(" -> ") {
        arrow = position
        break
      }
      position = type.index(after: position)
    }
    guard let arrow else { return nil }
    let effects = type[..<arrow]
    self.throws = effects.hasSuffix(" throws") || effects.contains(" throws(")
    let result = type[type.index(arrow, offsetBy: 4)...].trimmingCharacters()
    returnsVoid = result == "Void" || result == "()"
  }
}

extension Substring {
  /// The text without spaces at either end.
  func trimmingCharacters() -> String { String(self).trimmingWhitespace() }
}
