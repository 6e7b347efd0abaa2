import BoilerplateKit

/// The rules a new feature's name, and the feature it presents, must follow before anything is written.
public struct NameRules {
  /// The repository the names are checked against.
  public let tree: any SourceTree

  /// Rules checked against `tree`.
  public init(tree: any SourceTree) {
    self.tree = tree
  }

  /// The targets a feature named `name` declares.
  public static func targetNames(of name: String) -> [String] {
    [name, "\(name)Interface", "\(name)Feature", "\(name)Testing", "\(name)FeatureTests", "\(name)Example"]
  }

  // Names the generated code uses, which a feature of that name would shadow.
  private static let reserved: Set<String> = [
    "Int", "String", "Bool", "Double", "Array", "Set", "Dictionary", "Optional", "Result", "Error", "Never", "Void",
    "Any", "Self", "Type", "Protocol", "Task", "MainActor", "Sendable", "Equatable", "Hashable", "Codable",
    "Identifiable", "Testing", "Test", "Foundation", "Dispatch", "Observation", "App",
  ]

  /// Fails unless `name` can be a new feature: UpperCamelCase, no target suffix, no Swift or runtime type, and no
  /// folder or target of that name, compared ignoring case as macOS's default volume does.
  public func checkNewFeature(_ name: String) throws(ScaffoldError) {
    guard Self.isTypeName(name, lengths: 2...40) else {
      throw ScaffoldError(
        "'\(name)' is not a feature name: use UpperCamelCase letters and digits, 2 to 40 characters (e.g. Settings)")
    }
    for suffix in ["Interface", "Feature", "Testing", "Example", "Tests", "Live"] where name.hasSuffix(suffix) {
      throw ScaffoldError("'\(name)' ends in a suffix the generated targets add; drop it")
    }
    guard !Self.reserved.contains(name) else {
      throw ScaffoldError("'\(name)' is a Swift or Foundation name the generated code uses; pick another")
    }
    let targets = Set(Self.targetNames(of: name).map { $0.lowercased() })
    let folders = ["Modules/Core", "Modules/Clients", "Modules/Features", "App/Examples", "App", "Tests"]
    for folder in folders {
      for entry in tree.entries(in: folder) where targets.contains(entry.lowercased()) {
        throw ScaffoldError(
          "'\(name)' is taken: \(folder)/\(entry) already exists (names are compared ignoring case, as macOS does)")
      }
    }
    let package = tree.contents(of: "Package.swift")?.lowercased() ?? ""
    for target in targets where package.contains("\"\(target)\"") {
      throw ScaffoldError(
        "'\(name)' is taken: Package.swift already names a target after it (names are compared ignoring case)")
    }
    if runtimeTypeNames().contains(name) {
      throw ScaffoldError("'\(name)' is a type of the runtime (Modules/Core); a feature of that name would shadow it")
    }
  }

  /// Fails unless `child` is a feature that `parent` can present: it exists, its Feature links a view, and its
  /// State has a `public init()` for the generated `open` command.
  public func checkPresentable(_ child: String, by parent: String) throws(ScaffoldError) {
    guard Self.isTypeName(child, lengths: 1...80) else {
      throw ScaffoldError("--presents '\(child)' is not a feature name")
    }
    guard child != parent else { throw ScaffoldError("a feature cannot present itself") }
    let interface = "Modules/Features/\(child)/Interface"
    let implementation = "Modules/Features/\(child)/Feature"
    guard tree.exists(interface), tree.exists(implementation) else {
      let features = tree.entries(in: "Modules/Features").joined(separator: " ")
      throw ScaffoldError("--presents \(child): no feature '\(child)' (features: \(features))")
    }
    let linksView = declarations(under: implementation).contains {
      $0.kind == .extension && $0.qualifiedName == child && $0.inherits("LinkedFeatureView")
    }
    guard linksView else {
      throw ScaffoldError(
        "--presents \(child): its Feature target links no view (extension \(child): LinkedFeatureView) to present")
    }
    let state = declarations(under: interface).first { $0.qualifiedName == "\(child).State" }
    let hasFirstState = state?.initializers.contains {
      $0.parameterNames.isEmpty && ($0.access == .public || $0.access == .open)
    }
    guard hasFirstState == true else {
      throw ScaffoldError(
        "--presents \(child): \(child).State has no public init(); scaffold without --presents and present it by hand")
    }
  }

  /// Whether `text` is an UpperCamelCase name of ASCII letters and digits, with a length in `lengths`.
  static func isTypeName(_ text: String, lengths: ClosedRange<Int>) -> Bool {
    guard let first = text.unicodeScalars.first, ("A"..."Z").contains(first), lengths.contains(text.count) else {
      return false
    }
    return text.unicodeScalars.allSatisfy {
      ("A"..."Z").contains($0) || ("a"..."z").contains($0) || ("0"..."9").contains($0)
    }
  }

  /// The public types declared at the top of the runtime's modules.
  private func runtimeTypeNames() -> Set<String> {
    Set(
      declarations(under: "Modules/Core").filter {
        $0.kind != .extension && !$0.qualifiedName.contains(".") && ($0.access == .public || $0.access == .open)
      }.map(\.qualifiedName))
  }

  /// Every type declaration and extension in the Swift files under `folder`; a file the scanner cannot read is
  /// skipped (the compiler will say what is wrong with it).
  private func declarations(under folder: String) -> [TypeDeclaration] {
    tree.swiftFiles(under: folder).flatMap { path -> [TypeDeclaration] in
      guard let source = tree.contents(of: path) else { return [] }
      return (try? SourceScanner.scan(source, file: path).types) ?? []
    }
  }
}
