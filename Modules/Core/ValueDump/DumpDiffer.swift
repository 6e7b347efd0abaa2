/// Writes the difference between two dump trees as `- ` / `+ ` lines with their enclosing context, shaped as
/// custom-dump's diffs.
///
/// Containers of the same type are compared child by child (fields by label,
/// elements by id or content, entries by key). A struct's, a payload's or a
/// tuple's unchanged children show in outline (`child: Child(…)`); runs of
/// unchanged elements collapse into one `… (N unchanged)` line (a single one
/// shows in outline), and a set's or dictionary's unchanged members are counted
/// once, after its changes.
struct DumpDiffer {
  private(set) var lines: [String] = []

  /// Writes the difference of `old` (printed after `oldLabel`, else `label`) and `new` (after `label`).
  mutating func diff(
    _ old: DumpNode, _ new: DumpNode, label: String?, oldLabel: String? = nil, indent: Int, oldSuffix: String,
    newSuffix: String
  ) {
    let oldLabel = oldLabel ?? label
    guard old != new || oldLabel != label else {
      unchanged(new, label: label, indent: indent, suffix: newSuffix)
      return
    }
    if case let .text(oldString) = old.content, case let .text(newString) = new.content, oldLabel == label,
      oldString.contains(where: \.isNewline) || newString.contains(where: \.isNewline)
    {
      diffLines(oldString, newString, label: label, indent: indent, suffix: newSuffix)
      return
    }
    guard
      case let .container(oldOpen, oldClose, oldStyle, oldChildren) = old.content,
      case let .container(newOpen, newClose, newStyle, newChildren) = new.content,
      oldOpen == newOpen, oldClose == newClose, oldStyle == newStyle, oldLabel == label,
      // A struct holding one plain value prints whole; so do two values of different shapes.
      !((newStyle == .fields || newStyle == .payload) && (old.singleLine != nil || new.singleLine != nil))
    else {
      emit("- ", old, label: oldLabel, indent: indent, suffix: oldSuffix)
      emit("+ ", new, label: label, indent: indent, suffix: newSuffix)
      return
    }
    let pad = String(repeating: " ", count: indent)
    var labelLines: [String] = []
    let head = DumpNode.head(label: label, pad: pad, into: &labelLines)
    lines += labelLines.map { "  " + $0 }
    lines.append("  " + head + newOpen)
    let blocks = Self.blocks(oldChildren, newChildren, style: newStyle)
    for (index, block) in blocks.enumerated() {
      write(block, indent: indent + 2, isLast: index == blocks.count - 1)
    }
    lines.append("  " + pad + newClose + newSuffix)
  }

  /// Two strings of several lines, as one block literal whose lines are aligned: a changed line shows as the old
  /// line removed and the new one inserted.
  private mutating func diffLines(_ old: String, _ new: String, label: String?, indent: Int, suffix: String) {
    let oldLines = old.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map(String.init)
    let newLines = new.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map(String.init)
    let hashes = String(
      repeating: "#",
      count: max(DumpNode.hashCount(in: old, multiline: true), DumpNode.hashCount(in: new, multiline: true)))
    let pad = String(repeating: " ", count: indent)
    var labelLines: [String] = []
    let head = DumpNode.head(label: label, pad: pad, into: &labelLines)
    lines += labelLines.map { "  " + $0 }
    lines.append("  " + head + hashes + "\"\"\"")
    let bodyPad = label == nil ? pad : pad + "  "
    var removed: [Int] = []
    var inserted: [Int] = []
    func flushGap(_ differ: inout DumpDiffer) {
      for (o, n) in zip(removed, inserted) {
        differ.lines += ["- " + bodyPad + oldLines[o], "+ " + bodyPad + newLines[n]]
      }
      differ.lines += removed.dropFirst(inserted.count).map { "- " + bodyPad + oldLines[$0] }
      differ.lines += inserted.dropFirst(removed.count).map { "+ " + bodyPad + newLines[$0] }
      removed = []
      inserted = []
    }
    for step in Self.align(oldLines.map(AnyHashable.init), newLines.map(AnyHashable.init)) {
      switch step {
      case let .pair(_, n):
        flushGap(&self)
        lines.append("  " + bodyPad + newLines[n])
      case let .removed(o): removed.append(o)
      case let .inserted(n): inserted.append(n)
      }
    }
    flushGap(&self)
    lines.append("  " + bodyPad + "\"\"\"" + hashes + suffix)
  }

  // MARK: Children

  /// What a diff prints for its children, one entry per child or run of children.
  enum Block: Equatable {
    case unchanged(label: String?, node: DumpNode)
    case unchangedRun(count: Int)
    case removed(label: String?, node: DumpNode)
    case inserted(label: String?, node: DumpNode)
    case changed(oldLabel: String?, old: DumpNode, label: String?, new: DumpNode)
  }

  private mutating func write(_ block: Block, indent: Int, isLast: Bool) {
    let suffix = isLast ? "" : ","
    switch block {
    case let .unchanged(label, node):
      unchanged(node, label: label, indent: indent, suffix: suffix)
    case let .unchangedRun(count):
      lines.append("  " + String(repeating: " ", count: indent) + "… (\(count) unchanged)" + suffix)
    case let .removed(label, node):
      emit("- ", node, label: label, indent: indent, suffix: suffix)
    case let .inserted(label, node):
      emit("+ ", node, label: label, indent: indent, suffix: suffix)
    case let .changed(oldLabel, old, label, new):
      diff(old, new, label: label, oldLabel: oldLabel, indent: indent, oldSuffix: suffix, newSuffix: suffix)
    }
  }

  /// The children's blocks: fields and payloads pair up by position; elements, members and entries are aligned
  /// by their keys, a removal next to an insertion pairs up as a change, and unchanged ones collapse.
  static func blocks(_ old: [DumpNode.Child], _ new: [DumpNode.Child], style: DumpNode.Style) -> [Block] {
    func oldLabel(_ index: Int) -> String? { DumpNode.label(of: old[index], at: index, in: style) }
    func newLabel(_ index: Int) -> String? { DumpNode.label(of: new[index], at: index, in: style) }
    if style == .fields || style == .payload, old.map(\.label) == new.map(\.label) {
      return old.indices.map { index in
        old[index] == new[index]
          ? .unchanged(label: newLabel(index), node: new[index].node)
          : .changed(oldLabel: oldLabel(index), old: old[index].node, label: newLabel(index), new: new[index].node)
      }
    }
    var blocks: [Block] = []
    var unchangedRun: [Int] = []
    func flush() {
      guard !style.isUnordered else { return }
      if unchangedRun.count == 1 {
        blocks.append(.unchanged(label: newLabel(unchangedRun[0]), node: new[unchangedRun[0]].node))
      } else if unchangedRun.count > 1 {
        blocks.append(.unchangedRun(count: unchangedRun.count))
      }
      unchangedRun = []
    }
    var removed: [Int] = []
    var inserted: [Int] = []
    func flushGap() {
      for (o, n) in zip(removed, inserted) {
        blocks.append(.changed(oldLabel: oldLabel(o), old: old[o].node, label: newLabel(n), new: new[n].node))
      }
      blocks += removed.dropFirst(inserted.count).map { .removed(label: oldLabel($0), node: old[$0].node) }
      blocks += inserted.dropFirst(removed.count).map { .inserted(label: newLabel($0), node: new[$0].node) }
      removed = []
      inserted = []
    }
    var unchangedCount = 0
    for step in align(old.map(key), new.map(key)) {
      switch step {
      case let .pair(o, n) where old[o].node == new[n].node:
        flushGap()
        unchangedRun.append(n)
        unchangedCount += 1
      case let .pair(o, n):
        flushGap()
        flush()
        blocks.append(.changed(oldLabel: oldLabel(o), old: old[o].node, label: newLabel(n), new: new[n].node))
      case let .removed(o):
        flush()
        removed.append(o)
      case let .inserted(n):
        flush()
        inserted.append(n)
      }
    }
    flushGap()
    flush()
    if style.isUnordered, unchangedCount > 0 { blocks.append(.unchangedRun(count: unchangedCount)) }
    return blocks
  }

  /// One step of an alignment of old children with new ones.
  enum Step: Equatable {
    case pair(Int, Int)
    case removed(Int)
    case inserted(Int)
  }

  /// What identifies a child across versions: its match key, else its label, else its whole text.
  private static func key(_ child: DumpNode.Child) -> AnyHashable {
    if let matchKey = child.matchKey { return matchKey }
    if let label = child.label { return AnyHashable(label) }
    return AnyHashable(child.node.sortKey)
  }

  /// A longest-common-subsequence alignment, after trimming the common head and tail.
  static func align(_ old: [AnyHashable], _ new: [AnyHashable]) -> [Step] {
    var head = 0
    while head < old.count, head < new.count, old[head] == new[head] { head += 1 }
    var tail = 0
    while tail < old.count - head, tail < new.count - head, old[old.count - 1 - tail] == new[new.count - 1 - tail] {
      tail += 1
    }
    var steps = (0..<head).map { Step.pair($0, $0) }
    let oldMiddle = Array(old[head..<(old.count - tail)])
    let newMiddle = Array(new[head..<(new.count - tail)])
    let n = oldMiddle.count
    let m = newMiddle.count
    if n * m > 4_000_000 {
      // Too large to align exactly: show the whole middle as replaced.
      steps += (0..<n).map { .removed(head + $0) } + (0..<m).map { .inserted(head + $0) }
    } else if n > 0 || m > 0 {
      // lengths[i][j]: LCS length of oldMiddle[i...] and newMiddle[j...].
      var lengths = [Int](repeating: 0, count: (n + 1) * (m + 1))
      for i in stride(from: n - 1, through: 0, by: -1) {
        for j in stride(from: m - 1, through: 0, by: -1) {
          lengths[i * (m + 1) + j] =
            oldMiddle[i] == newMiddle[j]
            ? lengths[(i + 1) * (m + 1) + j + 1] + 1
            : max(lengths[(i + 1) * (m + 1) + j], lengths[i * (m + 1) + j + 1])
        }
      }
      var i = 0
      var j = 0
      while i < n || j < m {
        if i < n, j < m, oldMiddle[i] == newMiddle[j] {
          steps.append(.pair(head + i, head + j))
          i += 1
          j += 1
        } else if j < m, i == n || lengths[i * (m + 1) + j + 1] >= lengths[(i + 1) * (m + 1) + j] {
          steps.append(.inserted(head + j))
          j += 1
        } else {
          steps.append(.removed(head + i))
          i += 1
        }
      }
    }
    let oldTail = old.count - tail
    let newTail = new.count - tail
    steps += (0..<tail).map { .pair(oldTail + $0, newTail + $0) }
    return steps
  }

  // MARK: Output

  /// A value that did not change, in outline.
  private mutating func unchanged(_ node: DumpNode, label: String?, indent: Int, suffix: String) {
    var labelLines: [String] = []
    let head = DumpNode.head(label: label, pad: String(repeating: " ", count: indent), into: &labelLines)
    lines += labelLines.map { "  " + $0 }
    lines.append("  " + head + node.collapsed + suffix)
  }

  private mutating func emit(_ marker: String, _ node: DumpNode, label: String?, indent: Int, suffix: String) {
    var rendered: [String] = []
    node.render(label: label, indent: indent, suffix: suffix, into: &rendered)
    lines += rendered.map { marker + $0 }
  }
}
