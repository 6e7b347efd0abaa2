/// Writes the difference between two dump trees as `- ` / `+ ` lines with their enclosing context.
///
/// Containers of the same type are compared child by child (fields by label,
/// elements by id or content, entries by key), so a change deep in a large value
/// shows as the changed lines plus the headers that lead to them; every run of
/// unchanged children collapses into one `… (N unchanged)` line.
struct DumpDiffer {
  private(set) var lines: [String] = []

  mutating func diff(
    _ old: DumpNode, _ new: DumpNode, label: String?, indent: Int, oldSuffix: String, newSuffix: String
  ) {
    guard old != new else {
      unchanged(new, label: label, indent: indent, suffix: newSuffix)
      return
    }
    guard
      case let .container(oldOpen, oldClose, oldStyle, oldChildren) = old.content,
      case let .container(newOpen, newClose, newStyle, newChildren) = new.content,
      oldOpen == newOpen, oldClose == newClose, oldStyle == newStyle,
      !(old.singleLine != nil && new.singleLine != nil)
    else {
      replace(old, new, label: label, indent: indent, oldSuffix: oldSuffix, newSuffix: newSuffix)
      return
    }
    let pad = String(repeating: " ", count: indent)
    lines.append("  " + pad + (label.map { "\($0): " } ?? "") + newOpen)
    diffChildren(oldChildren, newChildren, style: newStyle, indent: indent + 2)
    lines.append("  " + pad + newClose + newSuffix)
  }

  // MARK: Children

  private mutating func diffChildren(
    _ old: [DumpNode.Child], _ new: [DumpNode.Child], style: DumpNode.Style, indent: Int
  ) {
    let steps: [Step]
    if style == .fields || style == .payload, old.map(\.label) == new.map(\.label) {
      steps = old.indices.map { .pair($0, $0) }
    } else {
      steps = Self.align(old.map(Self.key), new.map(Self.key))
    }
    var pendingUnchanged = 0
    func flushUnchanged(_ differ: inout DumpDiffer) {
      guard pendingUnchanged > 0 else { return }
      differ.lines.append("  " + String(repeating: " ", count: indent) + "… (\(pendingUnchanged) unchanged)")
      pendingUnchanged = 0
    }
    for step in Self.pairingReplacements(steps, old: old, new: new) {
      switch step {
      case let .pair(o, n) where old[o] == new[n] && !(style == .fields && old[o].label == "id"):
        pendingUnchanged += 1
      case let .pair(o, n):
        flushUnchanged(&self)
        diff(
          old[o].node, new[n].node, label: new[n].label, indent: indent,
          oldSuffix: o == old.count - 1 ? "" : ",", newSuffix: n == new.count - 1 ? "" : ",")
      case let .removed(o):
        flushUnchanged(&self)
        emit("- ", old[o].node, label: old[o].label, indent: indent, suffix: o == old.count - 1 ? "" : ",")
      case let .inserted(n):
        flushUnchanged(&self)
        emit("+ ", new[n].node, label: new[n].label, indent: indent, suffix: n == new.count - 1 ? "" : ",")
      }
    }
    flushUnchanged(&self)
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

  /// Turns a run of k removals next to k insertions of values of the same shape into k pairs,
  /// so a changed element of a plain array shows which of its fields changed.
  private static func pairingReplacements(_ steps: [Step], old: [DumpNode.Child], new: [DumpNode.Child]) -> [Step] {
    var result: [Step] = []
    var index = 0
    while index < steps.count {
      var removed: [Int] = []
      var inserted: [Int] = []
      var end = index
      while end < steps.count {
        if case let .removed(o) = steps[end], inserted.isEmpty {
          removed.append(o)
        } else if case let .inserted(n) = steps[end] {
          inserted.append(n)
        } else {
          break
        }
        end += 1
      }
      if end == index {
        result.append(steps[index])
        index += 1
        continue
      }
      let sameShape =
        removed.count == inserted.count
        && zip(removed, inserted).allSatisfy { old[$0].matchKey == nil && old[$0].node.opening == new[$1].node.opening }
      if sameShape {
        result += zip(removed, inserted).map { Step.pair($0, $1) }
      } else {
        result += removed.map(Step.removed) + inserted.map(Step.inserted)
      }
      index = end
    }
    return result
  }

  // MARK: Output

  private mutating func unchanged(_ node: DumpNode, label: String?, indent: Int, suffix: String) {
    emit("  ", node, label: label, indent: indent, suffix: suffix)
  }

  private mutating func replace(
    _ old: DumpNode, _ new: DumpNode, label: String?, indent: Int, oldSuffix: String, newSuffix: String
  ) {
    emit("- ", old, label: label, indent: indent, suffix: oldSuffix)
    emit("+ ", new, label: label, indent: indent, suffix: newSuffix)
  }

  private mutating func emit(_ marker: String, _ node: DumpNode, label: String?, indent: Int, suffix: String) {
    var rendered: [String] = []
    node.render(label: label, indent: indent, suffix: suffix, into: &rendered)
    lines += rendered.map { marker + $0 }
  }
}

extension DumpNode {
  /// The header of a container (`User(`), or nil for a leaf; replacements pair up only when it matches.
  var opening: String? {
    if case let .container(open, _, _, _) = content { return open }
    return nil
  }
}
