/// A feature template from Scripts/templates/Feature, made into a new feature's source.
///
/// Templates are Swift (the format check reads them, the scaffolder's self-test compiles what they become):
/// `FeatureName`, `featureName` and `featurename` stand for the new feature's name, `ChildName` and `childName` for
/// the feature it presents, and the lines between `// scaffold: presents` and `// scaffold: end` are kept only when
/// it presents one.
public enum FeatureTemplate {
  private static let blockStart = "// scaffold: presents"
  private static let blockEnd = "// scaffold: end"

  /// `template` for feature `name`, presenting `child` if given.
  public static func render(_ template: String, name: String, child: String?) throws(ScaffoldError) -> String {
    var kept: [Substring] = []
    var inBlock = false
    for line in template.split(separator: "\n", omittingEmptySubsequences: false) {
      switch line.trimmingCharacters(in: " ") {
      case blockStart:
        guard !inBlock else { throw ScaffoldError("a template opens a presents block inside another one") }
        inBlock = true
      case blockEnd:
        guard inBlock else { throw ScaffoldError("a template closes a presents block it did not open") }
        inBlock = false
      default:
        if !inBlock || child != nil { kept.append(line) }
      }
    }
    guard !inBlock else { throw ScaffoldError("a template's presents block has no '\(blockEnd)'") }
    var text = kept.joined(separator: "\n")
    if let child {
      text = text.replacingAll("ChildName", with: child).replacingAll("childName", with: lowerFirst(child))
    }
    return text.replacingAll("FeatureName", with: name).replacingAll("featureName", with: lowerFirst(name))
      .replacingAll("featurename", with: name.lowercased())
  }

  /// `name` with its first letter in lower case: the enum case that holds the feature (`userList`).
  public static func lowerFirst(_ name: String) -> String {
    name.prefix(1).lowercased() + name.dropFirst()
  }
}

extension StringProtocol {
  /// The text without `character` at either end.
  func trimmingCharacters(in character: Character) -> Substring {
    let text = Substring(self)
    guard let first = text.firstIndex(where: { $0 != character }) else { return "" }
    let last = text.lastIndex(where: { $0 != character })!
    return text[first...last]
  }
}

extension String {
  /// The text with every occurrence of `target` replaced by `replacement`, without Foundation.
  func replacingAll(_ target: String, with replacement: String) -> String {
    guard !target.isEmpty else { return self }
    var result = ""
    var rest = self[...]
    while let range = rest.firstRange(of: target) {
      result += rest[..<range.lowerBound] + replacement
      rest = rest[range.upperBound...]
    }
    return result + rest
  }
}
