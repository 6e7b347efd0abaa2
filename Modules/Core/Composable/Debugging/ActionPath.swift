import ValueDump

/// An action's full path in the feature tree, as a debugger lists it: `path[id: 1].detail.delegate(.saved)`.
///
/// Each level of a feature's action (a type whose name ends in `Action`) is a segment; an element of a stack or
/// an identified collection adds its id in brackets; `presented` adds nothing (the destination's case says which
/// screen). The first payload that is not an action ends the path, in parentheses: `queryChanged("gr")`,
/// `delegate(.selected(id: 2))`. Unlike `actionLabel`, payloads and ids are kept, so two taps on two rows differ.
public func actionPath(_ action: Any) -> String {
  var segments: [String] = []
  var current: Any = action
  for _ in 0..<32 {
    let mirror = Mirror(reflecting: current)
    guard mirror.displayStyle == .enum else {
      segments.append(shortened(valueDumpLine(current, abbreviatingNestedCases: true)))
      break
    }
    guard let payload = mirror.children.first, let name = payload.label else {
      segments.append(caseName(of: current))
      break
    }
    let value = payload.value
    let valueMirror = Mirror(reflecting: value)
    if valueMirror.displayStyle == .tuple, let inner = valueMirror.children.first(where: { $0.label == "action" }) {
      let fields = valueMirror.children.filter { $0.label != "action" }
        .map { "\($0.label ?? "_"): \(idText($0.value))" }.joined(separator: ", ")
      // `path.element(id: 1, action: …)` reads as `path[id: 1]…`: the element is the collection's.
      if name == "element", let last = segments.popLast() {
        segments.append("\(last)[\(fields)]")
      } else {
        segments.append("\(name)[\(fields)]")
      }
      current = inner.value
      continue
    }
    if isFeatureAction(value) {
      if name != "presented" { segments.append(name) }
      current = value
      continue
    }
    // A labelled payload (`appStarted(interactive: false)`) dumps as a tuple, already in parentheses.
    let text = payloadText(value)
    segments.append(valueMirror.displayStyle == .tuple ? name + text : "\(name)(\(text))")
    break
  }
  return segments.joined(separator: ".")
}

/// Whether `value` is a feature's action (or a navigation wrapper of one): its type's name ends in `Action`.
private func isFeatureAction(_ value: Any) -> Bool {
  guard Mirror(reflecting: value).displayStyle == .enum else { return false }
  let name = String(describing: type(of: value))
  let base = name.split(separator: "<", maxSplits: 1).first.map(String.init) ?? name
  return base.hasSuffix("Action")
}

/// The name of a case without a payload.
private func caseName(of value: Any) -> String {
  String(describing: value).split(separator: "(").first.map(String.init) ?? "?"
}

/// A payload as it reads in the path: an enum as `.case(…)`, anything else as its one-line dump, kept short.
private func payloadText(_ value: Any) -> String {
  let line = valueDumpLine(value, abbreviatingNestedCases: true)
  let mirror = Mirror(reflecting: value)
  guard mirror.displayStyle == .enum else { return shortened(line) }
  let name = mirror.children.first?.label ?? caseName(of: value)
  // `UserDetail.Action.Delegate.saved` → `.saved`: the type is the segment before it.
  if let range = line.range(of: "." + name) {
    return shortened(String(line[range.lowerBound...]))
  }
  return shortened(line)
}

/// An element id as it reads in brackets: a stack id's number, anything else as its dump.
private func idText(_ value: Any) -> String {
  if let id = value as? StackElementID { return "\(id.rawValue)" }
  return shortened(valueDumpLine(value, abbreviatingNestedCases: true))
}

/// At most 80 characters, with an ellipsis where it was cut.
private func shortened(_ text: String) -> String {
  text.count <= 80 ? text : String(text.prefix(79)) + "…"
}
