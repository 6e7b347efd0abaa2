/// A value broken down for printing: a one-line leaf, a string, or a container of (labelled) children.
///
/// Dumps and diffs both work on this tree, so a diff can line up the fields of
/// two structs or the elements of two collections instead of comparing text.
struct DumpNode: Equatable {
  /// How a container prints and how a diff lines up its children.
  enum Style: Equatable {
    /// Struct and class fields: one per line, matched by label.
    case fields
    /// Enum payloads and tuples: matched by position.
    case payload
    /// Array elements: one per line after their index (`[0]: `), matched by id or by content.
    case elements
    /// Set members: one per line, sorted, matched by content.
    case members
    /// Dictionary entries: one per line, sorted by key, matched by key.
    case entries

    /// Whether the children are sorted for printing rather than kept in the value's own order.
    var isUnordered: Bool { self == .members || self == .entries }
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
    /// A string value, quoted one way on one line (an escaped literal) and another in a dump (raw or multi-line).
    case text(String)
    case container(open: String, close: String, style: Style, children: [Child])
  }

  var content: Content
  /// Whether the node sits on a line of its own even as the one field of a struct: where a reference cycle closes
  /// (`Node(↩︎)`) and a shared reference (`count: #1 3`), as custom-dump prints them.
  var printsOnItsOwnLine = false

  static func leaf(_ text: String) -> DumpNode { DumpNode(content: .leaf(text)) }

  static func text(_ string: String) -> DumpNode { DumpNode(content: .text(string)) }

  static func container(open: String, close: String, style: Style, children: [Child]) -> DumpNode {
    DumpNode(content: .container(open: open, close: close, style: style, children: children))
  }
}

extension DumpNode {
  /// Whether the node has nothing inside it to break onto lines: a leaf, a one-line string, an empty container.
  var isPlain: Bool {
    switch content {
    case .leaf: return true
    case let .text(string): return !string.contains(where: \.isNewline)
    case let .container(_, _, _, children): return children.isEmpty
    }
  }

  /// The node printed on one line in a dump, if it prints on one line: a plain node, or a struct, enum payload or
  /// tuple holding exactly one plain value (`User(id: 1)`, `.selected(3)`).
  var singleLine: String? {
    switch content {
    case .leaf, .text:
      return isPlain ? collapsed : nil
    case let .container(open, close, style, children):
      if children.isEmpty { return collapsed }
      guard style == .fields || style == .payload, children.count == 1, children[0].node.isPlain,
        !children[0].node.printsOnItsOwnLine,
        let line = children[0].node.singleLine
      else { return nil }
      return open + (children[0].label.map { "\($0): " } ?? "") + line + close
    }
  }

  /// The node at depth zero, as custom-dump prints a root it cannot tell apart: a leaf whole, a container as its
  /// outline (`User(…)`, `Empty()`).
  var outline: String {
    switch content {
    case let .leaf(text): text
    case let .text(string): DumpNode.escapedQuoted(string)
    case let .container(open, close, _, children): children.isEmpty ? open + close : open + "…" + close
    }
  }

  /// The node as a diff shows a value that did not change: whole when it fits on one line, else its outline
  /// (`User(…)`, `[…]`, `.loaded(…)`, `"…"`).
  var collapsed: String {
    switch content {
    case let .leaf(text):
      return text
    case let .text(string):
      return string.contains(where: \.isNewline) ? "\"…\"" : DumpNode.dumpQuoted(string)
    case let .container(open, close, style, children):
      if children.isEmpty { return style == .entries ? "[:]" : open + close }
      return singleLine ?? open + "…" + close
    }
  }

  /// The node on one line whatever its length or style: fields, elements and entries joined by commas, strings
  /// as escaped literals (so the line is Swift source when the value's types are).
  var oneLine: String {
    switch content {
    case let .leaf(text):
      return text
    case let .text(string):
      return DumpNode.escapedQuoted(string)
    case let .container(open, close, style, children):
      if children.isEmpty { return style == .entries ? "[:]" : open + close }
      let parts = children.map { child in child.label.map { "\($0): \(child.node.oneLine)" } ?? child.node.oneLine }
      return open + parts.joined(separator: ", ") + close
    }
  }

  /// The label a child prints with: an array element's index, else its own label.
  static func label(of child: Child, at index: Int, in style: Style) -> String? {
    style == .elements ? "[\(index)]" : child.label
  }

  /// Appends the node's lines, each indented by `indent` spaces, the first after `label:`, the last followed by `suffix`.
  func render(label: String?, indent: Int, suffix: String, into lines: inout [String]) {
    let pad = String(repeating: " ", count: indent)
    let head = DumpNode.head(label: label, pad: pad, into: &lines)
    if let line = singleLine {
      lines.append(head + line + suffix)
      return
    }
    switch content {
    case .leaf:
      return
    case let .text(string):
      // A multi-line string prints as a block literal, its lines under the label.
      let hashes = String(repeating: "#", count: DumpNode.hashCount(in: string, multiline: true))
      let bodyPad = label == nil ? pad : pad + "  "
      lines.append(head + hashes + "\"\"\"")
      for line in string.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
        lines.append(bodyPad + line)
      }
      lines.append(bodyPad + "\"\"\"" + hashes + suffix)
    case let .container(open, close, style, children):
      lines.append(head + open)
      for (index, child) in children.enumerated() {
        child.node.render(
          label: DumpNode.label(of: child, at: index, in: style), indent: indent + 2,
          suffix: index == children.count - 1 ? "" : ",", into: &lines)
      }
      lines.append(pad + close + suffix)
    }
  }

  /// The start of a labelled line; a dictionary key that is a struct prints on several lines, each at this
  /// indentation, the value after the last.
  static func head(label: String?, pad: String, into lines: inout [String]) -> String {
    guard let label else { return pad }
    let labelLines = label.split(separator: "\n", omittingEmptySubsequences: false)
    for line in labelLines.dropLast() { lines.append(pad + line) }
    return pad + labelLines[labelLines.count - 1] + ": "
  }
}

extension DumpNode {
  /// A one-line string as a dump prints it: a plain literal, or a raw one (`#"say "hi""#`) when it holds a quote or
  /// a backslash, so it reads as written.
  static func dumpQuoted(_ string: String) -> String {
    guard string.contains("\"") || string.contains("\\") else { return escapedQuoted(string) }
    let hashes = String(repeating: "#", count: max(hashCount(in: string, multiline: false), 1))
    return hashes + "\"" + string + "\"" + hashes
  }

  /// A string literal with escapes, as Swift's `debugDescription` writes it.
  static func escapedQuoted(_ string: String, quote: Character = "\"") -> String {
    var result = String(quote)
    for character in string {
      switch character {
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      case "\0": result += "\\0"
      case quote: result += "\\\(quote)"
      default: result.append(character)
      }
    }
    result.append(quote)
    return result
  }

  /// How many `#` a raw literal of `string` needs: one more than the longest run of them after a closing quote
  /// (`"` on one line, `"""` in a block); none when no closing quote is in it.
  static func hashCount(in string: String, multiline: Bool) -> Int {
    let quote = multiline ? "\"\"\"" : "\""
    var longest = 0
    var rest = string[...]
    while let range = rest.firstRange(of: quote) {
      var after = range.upperBound
      var run = 0
      while after < rest.endIndex, rest[after] == "#" {
        run += 1
        after = rest.index(after: after)
      }
      longest = max(longest, run + 1)
      rest = rest[after...]
    }
    return longest
  }
}
