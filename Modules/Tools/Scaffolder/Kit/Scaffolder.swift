/// Plans a new feature: every file it writes and every file it edits, all computed and checked before anything is
/// written, so a refused or failed scaffold changes nothing.
public struct Scaffolder {
  /// One file the scaffold writes: a new one, or the new text of an existing one.
  public struct FileChange: Equatable, Sendable {
    /// The path from the repository's root.
    public var path: String
    /// The whole text to write.
    public var contents: String
    /// Whether the file is new (an undo deletes it) rather than edited (an undo restores it).
    public var isNew: Bool
  }

  /// What a scaffold writes, and what to tell the user.
  public struct Plan: Equatable, Sendable {
    /// The files, new ones first.
    public var changes: [FileChange]
    /// The folders the new files make (an undo removes them); none may exist before.
    public var createdFolders: [String]
    /// What was created and what to do next.
    public var summary: String
  }

  /// Where the templates are, from the repository's root.
  public static let templateFolder = "Scripts/templates/Feature"

  private let tree: any SourceTree

  /// A scaffolder reading the repository `tree`.
  public init(tree: any SourceTree) {
    self.tree = tree
  }

  /// The plan for `request`, or why it is refused.
  public func plan(_ request: FeatureRequest) throws(ScaffoldError) -> Plan {
    let name = request.name
    let rules = NameRules(tree: tree)
    try rules.checkNewFeature(name)
    if let child = request.presents { try rules.checkPresentable(child, by: name) }
    let folders = ["Modules/Features/\(name)", "Tests/\(name)FeatureTests", "App/Examples/\(name)Example"]
    for folder in folders where tree.exists(folder) {
      throw ScaffoldError("'\(name)' is taken: \(folder) already exists")
    }
    var changes = try newFiles(for: request)
    var package = try PackageEditor.addingFeature(packageLine(for: request), in: try read("Package.swift"))
    var summary = summaryLines(for: request, files: changes.map(\.path))
    if let placement = request.placement {
      let wiring = try AppWiring(request: request, placement: placement, tree: tree)
      changes += try wiring.changes(templates: { file throws(ScaffoldError) in try template(file) })
      package = try PackageEditor.addingAppFeature(name, in: package)
      summary += wiring.summary
    }
    changes.append(FileChange(path: "Package.swift", contents: package, isNew: false))
    summary += Self.nextSteps(name)
    return Plan(changes: changes, createdFolders: folders, summary: summary.joined(separator: "\n"))
  }

  private func newFiles(for request: FeatureRequest) throws(ScaffoldError) -> [FileChange] {
    let name = request.name
    let files: [(template: String, path: String)] = [
      ("Interface.swift", "Modules/Features/\(name)/Interface/\(name).swift"),
      ("Logic.swift", "Modules/Features/\(name)/Feature/\(name)Logic.swift"),
      ("View.swift", "Modules/Features/\(name)/Feature/\(name)View.swift"),
      ("Fixtures.swift", "Modules/Features/\(name)/Testing/\(name)+Fixtures.swift"),
      ("Tests.swift", "Tests/\(name)FeatureTests/\(name)Tests.swift"),
      ("Example.swift", "App/Examples/\(name)Example/main.swift"),
    ]
    var changes: [FileChange] = []
    for (file, path) in files {
      let text = try FeatureTemplate.render(try template(file), name: name, child: request.presents)
      changes.append(FileChange(path: path, contents: text, isNew: true))
    }
    return changes
  }

  private func template(_ file: String) throws(ScaffoldError) -> String {
    try read("\(Self.templateFolder)/\(file)")
  }

  private func read(_ path: String) throws(ScaffoldError) -> String {
    guard let text = tree.contents(of: path) else { throw ScaffoldError("cannot read \(path)") }
    return text
  }

  private func packageLine(for request: FeatureRequest) -> String {
    guard let child = request.presents else { return "  feature(\"\(request.name)\")," }
    return "  feature(\"\(request.name)\", interface: [\"\(child)Interface\"], presents: [\"\(child)\"]),"
  }

  private func summaryLines(for request: FeatureRequest, files: [String]) -> [String] {
    let name = request.name
    let presents = request.presents.map { " presenting \($0)" } ?? ""
    let notes = [
      "(\(name)Interface: State, Action, Delegate)", "(\(name)Feature: the logic)",
      "(\(name)Feature: the terminal view)", "(\(name)Testing: fixtures for tests)", "(\(name)FeatureTests)",
      "(\(name)Example)",
    ]
    return ["Created feature \(name)\(presents):"] + zip(files, notes).map { "  \($0)  \($1)" } + [
      "  Package.swift: \(packageLine(for: request).trimmingCharacters(in: " "))"
    ]
  }

  private static func nextSteps(_ name: String) -> [String] {
    [
      "Next:",
      "  swift run \(name)Example         run it alone",
      "  Scripts/test-module \(name)        run its tests",
      "  Scripts/build-feature \(name)      build its targets one by one",
    ]
  }
}
