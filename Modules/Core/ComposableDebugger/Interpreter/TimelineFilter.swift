/// The allow and deny rules `:filter` keeps for one debugging session, applied to `:timeline`, `:follow` and
/// `:export` until cleared, as Redux DevTools' action filters are: an action is shown when no deny rule matches its
/// path and, if there are allow rules, one of them does.
///
/// A rule is a path prefix (`list.` keeps the list's actions, `path[id: 0].detail` one pushed screen's) or, with
/// `*` in it, a pattern over the whole path (`*.followChangesElsewhere`, `*Tapped*`), matched without regard to case.
public struct TimelineFilter: Equatable, Sendable {
  /// The rules an action's path must match one of, when there are any.
  public private(set) var allowed: [String] = []
  /// The rules that hide an action whose path matches one.
  public private(set) var denied: [String] = []

  /// No rules: every action is shown.
  public init() {}

  /// Whether there are no rules.
  public var isEmpty: Bool { allowed.isEmpty && denied.isEmpty }

  /// Whether an action with `path` is shown.
  public func admits(_ path: String) -> Bool {
    if denied.contains(where: { Self.rule($0, matches: path) }) { return false }
    return allowed.isEmpty || allowed.contains { Self.rule($0, matches: path) }
  }

  /// Adds a rule that `path` must match (`allow`) or must not (`deny`); a rule given again is kept once.
  public mutating func add(_ rule: String, allowing: Bool) {
    if allowing {
      if !allowed.contains(rule) { allowed.append(rule) }
    } else if !denied.contains(rule) {
      denied.append(rule)
    }
  }

  /// The rules in words, as `:filter` alone shows them.
  var description: String {
    guard !isEmpty else {
      return "No filter: every action is shown. ':filter allow list.' or ':filter deny *Changed*' adds one."
    }
    let allow = allowed.isEmpty ? [] : ["allow: " + allowed.map { "'\($0)'" }.joined(separator: ", ")]
    let deny = denied.isEmpty ? [] : ["deny: " + denied.map { "'\($0)'" }.joined(separator: ", ")]
    return (["Filter (for :timeline, :follow and :export; ':filter clear' removes it):"] + allow + deny)
      .joined(separator: "\n  ")
  }

  /// Whether `path` matches `rule`: a prefix, or a pattern where `*` stands for any run of characters.
  static func rule(_ rule: String, matches path: String) -> Bool {
    let rule = Array(rule.lowercased())
    let path = Array(path.lowercased())
    guard rule.contains("*") else { return path.starts(with: rule) }
    // Matched from the left, each `*` taking as little as it can and growing when what follows fails.
    var (r, p) = (0, 0)
    var star: (rule: Int, path: Int)?
    while p < path.count {
      if r < rule.count, rule[r] == "*" {
        star = (r, p)
        r += 1
      } else if r < rule.count, rule[r] == path[p] {
        r += 1
        p += 1
      } else if let last = star {
        star = (last.rule, last.path + 1)
        (r, p) = (last.rule + 1, last.path + 1)
      } else {
        return false
      }
    }
    while r < rule.count, rule[r] == "*" { r += 1 }
    return r == rule.count
  }
}
