/// One place in a value: its path from the root as Swift would reach it (`list.rows[id: 3].email`, `[2]`,
/// `status.loaded`, `["key"]`), the name it goes by (a field's, an entry's key; nil for an element), and its value
/// on one line. What a search lists where it matched.
public struct ValuePlace: Equatable, Sendable {
  /// How to reach it from the root.
  public let path: String
  /// Its field's name, or its entry's key; nil for an element, a member or a payload without a label.
  public let name: String?
  /// Its value on one line, as a dump prints it (a string quoted).
  public let value: String
  /// Whether it holds no other place: a number, a string, a case without a payload.
  public let isLeaf: Bool
}

/// Every place in `value`, the root's fields first, each before the places inside it (depth first, in dump order):
/// what a search of a state walks. A reference seen again ends there, as a dump prints it.
public func valuePlaces(of value: Any) -> [ValuePlace] {
  var builder = DumpBuilder()
  var places: [ValuePlace] = []
  collectPlaces(of: builder.node(for: value), path: "", into: &places)
  return places
}

private func collectPlaces(of node: DumpNode, path: String, into places: inout [ValuePlace]) {
  guard case let .container(open, _, style, children) = node.content else { return }
  // An enum's payload is reached through its case (`status.loaded`); a struct's fields, from the struct.
  var base = path
  if style == .payload, let dot = open.lastIndex(of: "."), open.hasSuffix("(") {
    let caseName = open[open.index(after: dot)..<open.index(before: open.endIndex)]
    base += (base.isEmpty ? "" : ".") + caseName
  }
  for (index, child) in children.enumerated() {
    let step: String
    switch style {
    case .fields:
      // A navigation stack reflects its elements as fields named by id (`#0`): reached as `path[id: 0]`, as the
      // timeline prints an element's actions.
      if let label = child.label, label.hasPrefix("#"), label.count > 1, label.dropFirst().allSatisfy(\.isNumber) {
        step = "[id: \(label.dropFirst())]"
      } else {
        step = (base.isEmpty ? "" : ".") + (child.label ?? "\(index)")
      }
    case .payload: step = child.label.map { ".\($0)" } ?? (children.count == 1 ? "" : ".\(index)")
    case .elements: step = child.matchKey.map { "[id: \($0.base)]" } ?? "[\(index)]"
    case .members: step = "[\(index)]"
    case .entries: step = "[\(child.label ?? "\(index)")]"
    }
    let childPath = base + step
    let isLeaf: Bool
    if case .container = child.node.content { isLeaf = false } else { isLeaf = true }
    let name = style == .fields || style == .entries || style == .payload ? child.label : nil
    places.append(ValuePlace(path: childPath, name: name, value: child.node.oneLine, isLeaf: isLeaf))
    collectPlaces(of: child.node, path: childPath, into: &places)
  }
}
