/// A readable, deterministic multi-line text of any value, shaped as custom-dump prints it: types with their
/// qualified names, struct and class fields one per line (on one line when there is one plain field), enum cases
/// with payloads (an enum inside the value as `.case`), array elements after their index, and sets and
/// dictionaries sorted so the text is the same on every run.
///
/// ```
/// UserList.State(
///   query: "ada",
///   rows: [
///     [0]: User(id: 1)
///   ],
///   status: .loaded
/// )
/// ```
public func valueDump(_ value: Any) -> String {
  var builder = DumpBuilder()
  var lines: [String] = []
  builder.node(for: value).render(label: nil, indent: 0, suffix: "", into: &lines)
  return lines.joined(separator: "\n")
}

/// A value's whole dump on one line, however nested; with `abbreviatingNestedCases`, an enum in another enum's
/// payload is written `.case`, as actions are quoted in failure messages and `printChanges`:
///
/// ```
/// AppFeature.Action.list(.delegate(.selected(id: 1)))
/// ```
public func valueDumpLine(_ value: Any, abbreviatingNestedCases: Bool = false) -> String {
  var builder = DumpBuilder(enumTypeNames: abbreviatingNestedCases ? .outsidePayloads : .everywhere)
  return builder.node(for: value).oneLine
}

/// The difference between two values as their dump with `- ` (only in `old`) and `+ ` (only in `new`)
/// lines, or nil when their dumps are the same and they are equal. Two values of one `Equatable` type that dump
/// the same yet are not equal (a field a dump does not show, an `==` of its own) are said so, as custom-dump says
/// it: `  // Not equal but no difference detected:` over `- Value(…)` and `+ Value(…)`.
///
/// Fields that did not change are shown in outline (`child: Child(…)`) and runs of unchanged elements collapse
/// into `… (N unchanged)`, keeping only the headers that lead to a change, so one changed field among a thousand
/// rows prints in a handful of lines.
public func valueDiff(_ old: Any, _ new: Any) -> String? {
  var builder = DumpBuilder()
  let oldNode = builder.node(for: old)
  let newNode = builder.node(for: new)
  guard oldNode != newNode else {
    guard let equal = equalIfEquatable(old, new), !equal else { return nil }
    return ["  // Not equal but no difference detected:", "- " + oldNode.outline, "+ " + newNode.outline]
      .joined(separator: "\n")
  }
  var differ = DumpDiffer()
  differ.diff(oldNode, newNode, label: nil, indent: 0, oldSuffix: "", newSuffix: "")
  return differ.lines.joined(separator: "\n")
}

/// The difference between two values known to be unequal: `valueDiff`'s, or, when they dump the same (they differ
/// in something a dump does not show), each whole dump, `-` the first and `+` the second, so a failure still shows
/// both, as custom-dump's `diff` does.
public func unequalValuesDiff(_ old: Any, _ new: Any) -> String {
  if let diff = valueDiff(old, new) { return diff }
  let removed = valueDump(old).split(separator: "\n", omittingEmptySubsequences: false).map { "- " + $0 }
  let added = valueDump(new).split(separator: "\n", omittingEmptySubsequences: false).map { "+ " + $0 }
  return (removed + added).joined(separator: "\n") + "\n\n(the values dump the same, yet are not equal)"
}

/// A value's dump taken now, to compare with the value after a change.
///
/// Copying a value is not enough to see its changes when it holds references:
/// a shared value changes in place, so the copy changes too. The snapshot keeps
/// what the value looked like.
public struct ValueSnapshot {
  let node: DumpNode

  /// What `value` looks like now.
  public init(of value: Any) {
    var builder = DumpBuilder()
    node = builder.node(for: value)
  }
}

/// The difference between a snapshot and a value now, as `valueDiff` prints it, or nil when they look the same.
public func valueDiff(_ old: ValueSnapshot, _ new: Any) -> String? {
  var builder = DumpBuilder()
  let newNode = builder.node(for: new)
  guard old.node != newNode else { return nil }
  var differ = DumpDiffer()
  differ.diff(old.node, newNode, label: nil, indent: 0, oldSuffix: "", newSuffix: "")
  return differ.lines.joined(separator: "\n")
}

/// Whether `lhs` equals `rhs` by their type's `==`, when both are of one `Equatable` type; nil otherwise.
private func equalIfEquatable(_ lhs: Any, _ rhs: Any) -> Bool? {
  guard let lhs = lhs as? any Equatable else { return nil }
  func compare<Value: Equatable>(_ lhs: Value) -> Bool? { (rhs as? Value).map { lhs == $0 } }
  return compare(lhs)
}
