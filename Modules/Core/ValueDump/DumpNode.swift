/// A value broken down for printing: a one-line leaf, or a container of (labelled) children.
///
/// Dumps and diffs both work on this tree, so a diff can line up the fields of
/// two structs or the elements of two collections instead of comparing text.
struct DumpNode: Equatable {
  /// How a container prints and how a diff lines up its children.
  enum Style: Equatable {
    /// Struct and class fields: one per line, matched by label.
    case fields
    /// Enum payloads and tuples: on one line when short, matched by position.
    case payload
    /// Array and set elements: one per line, matched by id or by content.
    case elements
    /// Dictionary entries: one per line, matched by key.
    case entries
  }

  /// A child with the label it prints with and the key a diff matches it by.
  struct Child: Equatable {
    var label: String?
    var node: DumpNode
    /// Identity across two versions of a collection (an element's id, an entry's key).
    var matchKey: AnyHashable?
  }

  enum Content: Equatable {
    case leaf(String)
    case container(open: String, close: String, style: Style, children: [Child])
  }

  var content: Content

  static func leaf(_ text: String) -> DumpNode { DumpNode(content: .leaf(text)) }

  static func container(open: String, close: String, style: Style, children: [Child]) -> DumpNode {
    DumpNode(content: .container(open: open, close: close, style: style, children: children))
  }
}

extension DumpNode {
  /// The node printed on one line, if it prints on one line.
  var singleLine: String? {
    switch content {
    case let .leaf(text):
      return text
    case let .container(open, close, style, children):
      if children.isEmpty { return style == .entries ? "[:]" : open + close }
      guard style == .payload else { return nil }
      var parts: [String] = []
      for child in children {
        guard let line = child.node.singleLine else { return nil }
        parts.append(child.label.map { "\($0): \(line)" } ?? line)
      }
      let line = open + parts.joined(separator: ", ") + close
      return line.count <= DumpNode.maximumLineWidth ? line : nil
    }
  }

  /// The node on one line whatever its length or style: fields, elements and entries joined by commas.
  var oneLine: String {
    switch content {
    case let .leaf(text):
      return text
    case let .container(open, close, style, children):
      if children.isEmpty { return style == .entries ? "[:]" : open + close }
      let parts = children.map { child in child.label.map { "\($0): \(child.node.oneLine)" } ?? child.node.oneLine }
      return open + parts.joined(separator: ", ") + close
    }
  }

  /// Payloads longer than this break onto several lines.
  static let maximumLineWidth = 100

  /// Appends the node's lines, each indented by `indent` spaces, the first after `label:`, the last followed by `suffix`.
  func render(label: String?, indent: Int, suffix: String, into lines: inout [String]) {
    let pad = String(repeating: " ", count: indent)
    var head = pad
    if let label {
      // A dictionary key that is a struct prints on several lines: each at this indentation, the value after
      // the last.
      let labelLines = label.split(separator: "\n", omittingEmptySubsequences: false)
      for line in labelLines.dropLast() { lines.append(pad + line) }
      head = pad + labelLines[labelLines.count - 1] + ": "
    }
    if let line = singleLine {
      lines.append(head + line + suffix)
      return
    }
    guard case let .container(open, close, _, children) = content else { return }
    lines.append(head + open)
    for (index, child) in children.enumerated() {
      child.node.render(
        label: child.label, indent: indent + 2, suffix: index == children.count - 1 ? "" : ",", into: &lines)
    }
    lines.append(pad + close + suffix)
  }
}
