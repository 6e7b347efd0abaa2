/// Writes an enum feature: for `enum Destination: Reducer { case add(UserForm) }`, its `State` and `Action` enums
/// (one case per child, with their case paths), the reducer that scopes each child to its case, and the
/// conformances that let `ifLet` and `forEach` find that reducer.
///
/// The State and Action enums conform to `Equatable`, or to exactly what the enum's `StateConformances` and
/// `ActionConformances` type aliases list. With `RestorableState`, the state's `prepareForRestoration()` forwards
/// to the child that is there.
struct EnumReducerWriter {
  let enumeration: TypeDeclaration
  let index: ModuleIndex

  func extensionText() throws(ScanError) -> String {
    let name = enumeration.qualifiedName
    let access = accessPrefix(of: enumeration)
    var children: [(enumCase: EnumCase, feature: String)] = []
    for enumCase in enumeration.cases {
      guard enumCase.payload.count == 1, enumCase.payload[0].label == nil else {
        throw ScanError(
          file: enumeration.file, line: enumCase.line, column: 1,
          message: "case \(enumCase.name) of the enum feature \(name) must hold exactly one feature, without a label: "
            + "case \(enumCase.name)(SomeFeature)")
      }
      children.append((enumCase, index.qualify(enumCase.payload[0].type, in: name)))
    }
    guard !children.isEmpty else {
      throw ScanError(
        file: enumeration.file, line: enumeration.line, column: enumeration.column,
        message: "the enum feature \(name) has no cases: give it one case per child feature")
    }
    let stateConformances = conformances(named: "StateConformances")
    let actionConformances = conformances(named: "ActionConformances")
    var text = "extension \(name): CaseReducer {\n"
    text += documentation("The state of the feature each case runs (generated).", indent: "  ")
    text +=
      "  \(access)enum State: \((["CasePathable", "CaseReducerState"] + stateConformances).joined(separator: ", ")) {\n"
    text += caseList(children, member: "State")
    text += documentation("The enum feature this is the state of.", indent: "    ")
    text += "    \(access)typealias StateReducer = \(name)\n"
    if stateConformances.contains("RestorableState") { text += restoration(children, access: access) }
    text += "  }\n\n"
    text += documentation("The actions of the feature each case runs (generated).", indent: "  ")
    text += "  \(access)enum Action: \((["CasePathable"] + actionConformances).joined(separator: ", ")) {\n"
    text += caseList(children, member: "Action")
    text += "  }\n\n"
    text += documentation("Runs each case's feature while the state is that case (generated).", indent: "  ")
    text += "  @ReducerBuilder<State, Action> \(access)static var reducer: some Reducer<State, Action> {\n"
    for (enumCase, feature) in children {
      let line = "    Scope(state: \\.\(enumCase.name), action: \\.\(enumCase.name)) { \(feature)() }"
      text += wrap(line, in: enumCase.condition) + "\n"
    }
    text += "  }\n\n"
    text += documentation("`reducer`, so the enum is a reducer too (generated).", indent: "  ")
    text += "  \(access)var body: some ReducerOf<Self> { Self.reducer }\n\n"
    text += visiting(children, access: access)
    text += "}"
    for member in ["State", "Action"] {
      var generated = enumeration
      generated.qualifiedName = "\(name).\(member)"
      generated.cases = children.map { child in
        var enumCase = child.enumCase
        enumCase.payload = [PayloadValue(label: nil, type: "\(child.feature).\(member)")]
        return enumCase
      }
      text += "\n\n" + CasePathWriter(enumeration: generated, index: index).extensionText()
    }
    return text
  }

  private func conformances(named alias: String) -> [String] {
    guard let composition = index.typeAliases[enumeration.qualifiedName]?[alias] else { return ["Equatable"] }
    return composition.split(separator: "&").map { String($0).trimmingWhitespace() }
  }

  private func caseList(_ children: [(enumCase: EnumCase, feature: String)], member: String) -> String {
    children.map { enumCase, feature in
      let line =
        documentation(enumCase.summary ?? "`.\(bare(enumCase.name))`.", indent: "    ")
        + "    case \(enumCase.name)(\(feature).\(member))"
      return wrap(line, in: enumCase.condition) + "\n"
    }.joined()
  }

  /// `caseFeatures` and `visitCase(of:with:)`, which show each case's screen without a hand-written switch.
  private func visiting(_ children: [(enumCase: EnumCase, feature: String)], access: String) -> String {
    var text = documentation("Every case and the feature it runs (generated).", indent: "  ")
    text += "  \(access)static var caseFeatures: [CaseFeature] {\n    var features: [CaseFeature] = []\n"
    for (enumCase, feature) in children {
      let line = "    features.append(CaseFeature(caseName: \"\(bare(enumCase.name))\", feature: \(feature).self))"
      text += wrap(line, in: enumCase.condition) + "\n"
    }
    text += "    return features\n  }\n\n"
    for (member, parameter) in [("State", "state"), ("Action", "action")] {
      text += documentation("The name of the case `\(parameter)` is (generated).", indent: "  ")
      text += "  \(access)static func caseName(of \(parameter): \(member)) -> String {\n    switch \(parameter) {\n"
      for (enumCase, _) in children {
        text += wrap("    case .\(enumCase.name): \"\(bare(enumCase.name))\"", in: enumCase.condition) + "\n"
      }
      text += "    }\n  }\n\n"
    }
    text += documentation("Calls `visitor` with the feature of the case `state` is (generated).", indent: "  ")
    text += "  \(access)static func visitCase<Visitor: CaseVisitor<Action>>(of state: State, with visitor: Visitor)"
    text += " -> Visitor.Result {\n    switch state {\n"
    for (enumCase, feature) in children {
      let line = """
            case let .\(enumCase.name)(childState):
              return visitor.visit(\(feature).self, caseName: "\(bare(enumCase.name))", state: childState, embed: Action.\(enumCase.name))
        """
      text += wrap(line, in: enumCase.condition) + "\n"
    }
    return text + "    }\n  }\n"
  }

  private func restoration(_ children: [(enumCase: EnumCase, feature: String)], access: String) -> String {
    var text = documentation("Settles work a quit interrupted in the feature that is there.", indent: "    ")
    text += "    \(access)mutating func prepareForRestoration() {\n      switch self {\n"
    for (enumCase, _) in children {
      let line = """
              case var .\(enumCase.name)(state):
                state.prepareForRestoration()
                self = .\(enumCase.name)(state)
        """
      text += wrap(line, in: enumCase.condition) + "\n"
    }
    return text + "      }\n    }\n"
  }
}
