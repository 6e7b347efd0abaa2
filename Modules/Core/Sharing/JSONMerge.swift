import Foundation

/// Applies one process's change of a JSON document to the document as another process left it.
///
/// A three-way merge: `base` is what this process last read or wrote, `ours` its value now, `theirs` the
/// file now. In an object, a key this process changed takes its value and every other key keeps the file's,
/// so two processes changing different settings both keep their change; a key both changed takes ours (the
/// later save). A set (favorites) merges by element: what this process added or removed, applied to theirs.
enum JSONMerge {
  /// The merged document, pretty-printed with sorted keys; `ours` when nothing else changed or parsing fails.
  ///
  /// A document that is a single number, string, bool or null has no parts to merge: ours is the later save, so
  /// it wins whole. Only an object or an array goes back through `JSONSerialization`, whose writer stops the
  /// process (rather than throwing) when handed anything else.
  static func apply(ours: Data, base: Data?, onto theirs: Data?, asSet: Bool) -> Data {
    guard let theirs, theirs != base, let theirsValue = parse(theirs), let oursValue = parse(ours) else {
      return ours
    }
    let merged = merge(ours: oursValue, base: base.flatMap(parse), theirs: theirsValue, asSet: asSet)
    guard isContainer(merged), JSONSerialization.isValidJSONObject(merged) else { return ours }
    return (try? JSONSerialization.data(withJSONObject: merged, options: [.prettyPrinted, .sortedKeys])) ?? ours
  }

  /// Whether `value` is a JSON object or array: the only top-level values the writer accepts on every platform.
  private static func isContainer(_ value: Any) -> Bool {
    value is [String: Any] || value is [Any]
  }

  private static func parse(_ data: Data) -> Any? {
    try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
  }

  private static func merge(ours: Any, base: Any?, theirs: Any, asSet: Bool) -> Any {
    if asSet, let ours = ours as? [AnyHashable], let theirs = theirs as? [AnyHashable] {
      let before = Set((base as? [AnyHashable]) ?? [])
      let mine = Set(ours)
      let result = Set(theirs).union(mine.subtracting(before)).subtracting(before.subtracting(mine))
      return result.sorted { "\($0)" < "\($1)" }
    }
    if let ours = ours as? [String: Any], let theirs = theirs as? [String: Any] {
      let base = base as? [String: Any] ?? [:]
      var result = theirs
      for (key, value) in ours where !same(value, base[key]) {
        result[key] = theirs[key].map { merge(ours: value, base: base[key], theirs: $0, asSet: false) } ?? value
      }
      for key in base.keys where ours[key] == nil { result[key] = nil }
      return result
    }
    return ours
  }

  private static func same(_ lhs: Any, _ rhs: Any?) -> Bool {
    guard let rhs else { return false }
    return (lhs as? NSObject)?.isEqual(rhs) ?? false
  }
}
