/// Writes an enum feature: for `enum Destination: Reducer { case add(UserForm) }`, its `State` and `Action` enums
/// (one case per child, with their case paths), the reducer that scopes each child to its case, and the
/// conformances that let `ifLet` and `forEach` find that reducer.
///
/// SyncUps' shapes are accepted too: `case alert(AlertState<Alert>)` and
/// `case confirmationDialog(ConfirmationDialogState<Dialog>)` hold their state and take their buttons' actions
/// (the presentation dismisses them after any of those), and a case with no payload, a labeled one or several
/// values (`case meeting(Meeting, syncUp: SyncUp)`) is plain state, with no action and no logic.
///
/// The State and Action enums conform to `Equatable`, or to exactly what the enum's `StateConformances` and
/// `ActionConformances` type aliases list. With `RestorableState`, the state's `settleForRestoration()` forwards
/// to the child that is there.
struct EnumReducerWriter {
  let enumeration: TypeDeclaration
  let index: ModuleIndex

  func extensionText() throws(ScanError) -> String {
    let name = enumeration.qualifiedName
    let access = accessPrefix(of: enumeration)
    var children: [Child] = []
    for enumCase in enumeration.cases { children.append(try child(enumCase)) }
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
    text += caseList(children.map { ($0, $0.statePayload) })
    text += documentation("The enum feature this is the state of.", indent: "    ")
    text += "    \(access)typealias StateReducer = \(name)\n"
    if stateConformances.contains("RestorableState") { text += restoration(children, access: access) }
    text += "  }\n\n"
    text += documentation("The actions of the feature each case runs (generated).", indent: "  ")
    text += "  \(access)enum Action: \((["CasePathable"] + actionConformances).joined(separator: ", ")) {\n"
    text += caseList(children.compactMap { child in child.actionPayload.map { (child, $0) } })
    text += "  }\n\n"
    text += reducer(children, access: access)
    text += documentation("`reducer`, so the enum is a reducer too (generated).", indent: "  ")
    text += "  \(access)var body: some ReducerOf<Self> { Self.reducer }\n\n"
    text += visiting(children, access: access)
    text += "}"
    let payloads: [(member: String, payload: (Child) -> [PayloadValue]?)] = [
      ("State", { $0.statePayload }), ("Action", { $0.actionPayload }),
    ]
    for (member, payload) in payloads {
      var generated = enumeration
      generated.qualifiedName = "\(name).\(member)"
      generated.cases = children.compactMap { child in
        guard let payload = payload(child) else { return nil }
        var enumCase = child.enumCase
        enumCase.payload = payload
        return enumCase
      }
      text += "\n\n" + CasePathWriter(enumeration: generated, index: index).extensionText()
    }
    return text
  }

  /// One case of the enum feature and what it holds.
  private struct Child {
    enum Kind {
      /// A child feature (`case add(UserForm)`), by its qualified type.
      case feature(String)
      /// An alert (`case alert(AlertState<Alert>)`), by its buttons' qualified action type.
      case alert(String)
      /// A confirmation dialog, by its buttons' qualified action type.
      case confirmationDialog(String)
      /// State with no logic and no actions: no payload, a labeled one, or several values.
      case plain
    }

    var enumCase: EnumCase
    var kind: Kind
    /// The payload with its types qualified, for a plain case.
    var qualifiedPayload: [PayloadValue]

    /// The payload of the case in the generated `State`.
    var statePayload: [PayloadValue] {
      switch kind {
      case let .feature(feature): [PayloadValue(label: nil, type: "\(feature).State")]
      case let .alert(action): [PayloadValue(label: nil, type: "AlertState<\(action)>")]
      case let .confirmationDialog(action): [PayloadValue(label: nil, type: "ConfirmationDialogState<\(action)>")]
      case .plain: qualifiedPayload
      }
    }

    /// The payload of the case in the generated `Action`, or nil when it has no actions.
    var actionPayload: [PayloadValue]? {
      switch kind {
      case let .feature(feature): [PayloadValue(label: nil, type: "\(feature).Action")]
      case let .alert(action), let .confirmationDialog(action): [PayloadValue(label: nil, type: action)]
      case .plain: nil
      }
    }
  }

  // A single unlabeled value is a feature, unless it is an alert or a dialog; a value of a type no feature can be
  // is refused with the way to keep it as plain state, rather than left to a compiler error about its `State`.
  private func child(_ enumCase: EnumCase) throws(ScanError) -> Child {
    let scope = enumeration.qualifiedName
    let qualified = enumCase.payload.map { PayloadValue(label: $0.label, type: index.qualify($0.type, in: scope)) }
    guard enumCase.payload.count == 1, enumCase.payload[0].label == nil else {
      return Child(enumCase: enumCase, kind: .plain, qualifiedPayload: qualified)
    }
    let type = enumCase.payload[0].type
    let ephemeral: [(prefix: String, kind: (String) -> Child.Kind)] = [
      ("AlertState<", Child.Kind.alert), ("ConfirmationDialogState<", Child.Kind.confirmationDialog),
    ]
    for (prefix, kind) in ephemeral where type.hasPrefix(prefix) && type.hasSuffix(">") {
      let action = String(type.dropFirst(prefix.count).dropLast())
      return Child(enumCase: enumCase, kind: kind(index.qualify(action, in: scope)), qualifiedPayload: qualified)
    }
    if Self.isPlainValueType(type) {
      throw ScanError(
        file: enumeration.file, line: enumCase.line, column: 1,
        message: "case \(enumCase.name) of the enum feature \(scope) holds \(type), which is not a feature: label it "
          + "to keep it as plain state with no actions (case \(enumCase.name)(value: \(type))), or hold a feature: "
          + "case \(enumCase.name)(SomeFeature)")
    }
    return Child(enumCase: enumCase, kind: .feature(qualified[0].type), qualifiedPayload: qualified)
  }

  /// Whether `type` is a value no feature can be: an optional, a collection, a tuple, a function, or a standard type.
  private static func isPlainValueType(_ type: String) -> Bool {
    let standard: Set<String> = [
      "String", "Substring", "Character", "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16",
      "UInt32", "UInt64", "Double", "Float", "Bool", "Date", "Data", "URL", "UUID", "Decimal",
    ]
    guard let first = type.first else { return true }
    return standard.contains(type) || first == "[" || first == "(" || type.hasSuffix("?") || type.hasSuffix("!")
  }

  /// `static var reducer`: a `Scope` per feature case (alerts, dialogs and plain cases have no logic of their own).
  private func reducer(_ children: [Child], access: String) -> String {
    var text = documentation("Runs each case's feature while the state is that case (generated).", indent: "  ")
    text += "  @ReducerBuilder<State, Action> \(access)static var reducer: some Reducer<State, Action> {\n"
    var scopes = 0
    for child in children {
      guard case let .feature(feature) = child.kind else { continue }
      let line = "    Scope(state: \\.\(child.enumCase.name), action: \\.\(child.enumCase.name)) { \(feature)() }"
      text += wrap(line, in: child.enumCase.condition) + "\n"
      scopes += 1
    }
    if scopes == 0 { text += "    EmptyReducer()\n" }
    return text + "  }\n\n"
  }

  private func conformances(named alias: String) -> [String] {
    guard let composition = index.typeAliases[enumeration.qualifiedName]?[alias] else { return ["Equatable"] }
    // `CasePathable` (and `CaseReducerState`) are always there; naming one alone means "nothing more".
    return composition.split(separator: "&").map { String($0).trimmingWhitespace() }.filter {
      $0 != "CasePathable" && $0 != "CaseReducerState"
    }
  }

  private func caseList(_ cases: [(child: Child, payload: [PayloadValue])]) -> String {
    cases.map { child, payload in
      let values = payload.map { value in (value.label.map { "\($0): " } ?? "") + value.type }
      let line =
        documentation(child.enumCase.summary ?? "`.\(bare(child.enumCase.name))`.", indent: "    ")
        + "    case \(child.enumCase.name)" + (values.isEmpty ? "" : "(\(values.joined(separator: ", ")))")
      return wrap(line, in: child.enumCase.condition) + "\n"
    }.joined()
  }

  /// `caseFeatures` and `visitCase(of:with:)`, which show each case's screen without a hand-written switch.
  private func visiting(_ children: [Child], access: String) -> String {
    var text = documentation("Every case that runs a feature, and that feature (generated).", indent: "  ")
    text += "  \(access)static var caseFeatures: [CaseFeature] {\n    var features: [CaseFeature] = []\n"
    for child in children {
      guard case let .feature(feature) = child.kind else { continue }
      let name = bare(child.enumCase.name)
      let line = "    features.append(CaseFeature(caseName: \"\(name)\", feature: \(feature).self))"
      text += wrap(line, in: child.enumCase.condition) + "\n"
    }
    text += "    return features\n  }\n\n"
    for (member, parameter) in [("State", "state"), ("Action", "action")] {
      let named = member == "State" ? children : children.filter { $0.actionPayload != nil }
      text += documentation("The name of the case `\(parameter)` is (generated).", indent: "  ")
      text += "  \(access)static func caseName(of \(parameter): \(member)) -> String {\n    switch \(parameter) {\n"
      for child in named {
        let line = "    case .\(child.enumCase.name): \"\(bare(child.enumCase.name))\""
        text += wrap(line, in: child.enumCase.condition) + "\n"
      }
      text += "    }\n  }\n\n"
    }
    text += documentation("Calls `visitor` with what the case `state` is holds (generated).", indent: "  ")
    text += "  \(access)static func visitCase<Visitor: CaseVisitor<Action>>(of state: State, with visitor: Visitor)"
    text += " -> Visitor.Result {\n    switch state {\n"
    for child in children {
      text += wrap(visit(child), in: child.enumCase.condition) + "\n"
    }
    return text + "    }\n  }\n"
  }

  /// The `case` of `visitCase`'s switch that visits `child`.
  private func visit(_ child: Child) -> String {
    let name = child.enumCase.name
    let caseName = "\"\(bare(name))\""
    switch child.kind {
    case let .feature(feature):
      return """
            case let .\(name)(childState):
              return visitor.visit(\(feature).self, caseName: \(caseName), state: childState, embed: Action.\(name))
        """
    case .alert:
      return """
            case let .\(name)(alert):
              return visitor.visitAlert(alert, caseName: \(caseName), embed: Action.\(name))
        """
    case .confirmationDialog:
      return """
            case let .\(name)(dialog):
              return visitor.visitConfirmationDialog(dialog, caseName: \(caseName), embed: Action.\(name))
        """
    case .plain:
      let payload = child.enumCase.payload
      guard !payload.isEmpty else {
        return "    case .\(name):\n      return visitor.visitPlainState((), caseName: \(caseName))"
      }
      let names = payload.indices.map { "value\($0)" }
      let value =
        payload.count == 1
        ? names[0]
        : "(" + zip(payload, names).map { ($0.label.map { "\($0): " } ?? "") + $1 }.joined(separator: ", ") + ")"
      return """
            case let .\(name)(\(names.joined(separator: ", "))):
              return visitor.visitPlainState(\(value), caseName: \(caseName))
        """
    }
  }

  // Alerts, dialogs and plain state have no work to settle.
  private func restoration(_ children: [Child], access: String) -> String {
    var text = documentation("Settles work a quit interrupted in the feature that is there.", indent: "    ")
    text += "    \(access)mutating func settleForRestoration() {\n      switch self {\n"
    for child in children {
      let name = child.enumCase.name
      guard case .feature = child.kind else {
        text += wrap("      case .\(name): break", in: child.enumCase.condition) + "\n"
        continue
      }
      let line = """
              case var .\(name)(state):
                state.settleForRestoration()
                self = .\(name)(state)
        """
      text += wrap(line, in: child.enumCase.condition) + "\n"
    }
    return text + "      }\n    }\n"
  }
}
