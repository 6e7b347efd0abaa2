/// Writes an `ObservableState`'s `observableFields`: one `ObservableField` per stored property, so a store can
/// tell an observer about the fields it read and no other (TCA's `@ObservableState`, without a macro).
///
/// A `private` or `fileprivate` property cannot be named from the generated file; a state with one says so
/// (`coversEveryField: false`), and its stores then count a send that changed no listed field as a change of all.
/// A property marked `@ObservationStateIgnored` is left out on purpose: a change of it alone tells no observer.
struct ObservableStateWriter {
  let state: TypeDeclaration

  func extensionText() -> String {
    let access = accessPrefix(of: state)
    let name = state.qualifiedName
    let observed = state.storedProperties.filter { !$0.isObservationIgnored }
    let listed = observed.filter { !$0.access.hidesFromOtherFiles }
    var text = "extension \(name) {\n"
    text += documentation("The stored fields an observer can follow one by one (generated).", indent: "  ")
    text += "  \(access)static var observableFields: ObservableFieldList<\(name)> {\n"
    text += "    ObservableFieldList(\n      [\n"
    for property in listed {
      text += "        ObservableField(\\\(name).\(property.name)),\n"
    }
    text += "      ],\n      coversEveryField: \(listed.count == observed.count))\n  }\n}"
    return text
  }
}
