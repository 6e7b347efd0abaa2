/// Writes an enum's `Cases`: one `CasePath` per case, in an extension of the enum.
struct CasePathWriter {
  let enumeration: TypeDeclaration
  let index: ModuleIndex

  func extensionText() -> String {
    let access = accessPrefix(of: enumeration)
    let name = enumeration.qualifiedName
    var text = "extension \(name) {\n"
    text += documentation("The cases of `\(enumeration.name)` as case paths, one per case (generated).", indent: "  ")
    text += "  \(access)struct Cases: CaseList {\n"
    text += documentation("Creates the list.", indent: "    ")
    text += "    \(access)init() {}\n"
    var lines: [String] = []
    for enumCase in enumeration.cases {
      var line = documentation(enumCase.summary ?? "`.\(bare(enumCase.name))`.", indent: "    ")
      line += "    \(access)let \(enumCase.name) = \(casePath(for: enumCase))"
      lines.append(wrap(line, in: enumCase.condition))
    }
    text += lines.map { $0 + "\n" }.joined()
    return text + "  }\n}"
  }

  private func casePath(for enumCase: EnumCase) -> String {
    let root = enumeration.qualifiedName
    let name = enumCase.name
    switch enumCase.payload.count {
    case 0:
      return "CasePath<\(root), Void>({ _ in \(root).\(name) }, extract: { if case .\(name) = $0 { () } else { nil } })"
    case 1:
      let constructor = enumCase.payload[0].label.map { "\(root).\(name)(\($0):)" } ?? "\(root).\(name)"
      return "CasePath(\(constructor), extract: { if case let .\(name)(value) = $0 { value } else { nil } })"
    default:
      let values = enumCase.payload.indices.map { "v\($0)" }.joined(separator: ", ")
      let tuple = enumCase.payload.map { value in
        (value.label.map { "\($0): " } ?? "") + index.qualify(value.type, in: root)
      }.joined(separator: ", ")
      let arguments = enumCase.payload.enumerated().map { position, value in
        (value.label.map { "\($0): " } ?? "") + "$0.\(position)"
      }.joined(separator: ", ")
      return "CasePath<\(root), (\(tuple))>({ \(root).\(name)(\(arguments)) }, "
        + "extract: { if case let .\(name)(\(values)) = $0 { (\(values)) } else { nil } })"
    }
  }
}

/// A name without the backticks that let it be a keyword.
func bare(_ name: String) -> String { name.filter { $0 != "`" } }
