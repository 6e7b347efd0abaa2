import BoilerplateKit
import Foundation
import Testing

/// The generated files a repository keeps in its modules' folders (Scripts/generate): which modules have one, and
/// a file written, left alone, named as outdated, rewritten and removed as its module's sources change.
struct KeptGeneratedFilesTests {
  /// A package folder of its own, removed at the end.
  private final class PackageFolder {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("kept-\(UUID().uuidString)")

    func write(_ path: String, _ text: String) throws {
      let url = root.appendingPathComponent(path)
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(text.utf8).write(to: url)
    }

    func read(_ path: String) -> String? {
      FileManager.default.contents(atPath: root.appendingPathComponent(path).path).map {
        String(decoding: $0, as: UTF8.self)
      }
    }

    func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }

    deinit { try? FileManager.default.removeItem(at: root) }
  }

  private static let feature = """
    import Composable
    public enum Action: CasePathable {
      case tapped
    }
    """

  /// What `swift package dump-package` says of `targets`: (name, type, path, dependencies, exclude).
  private func dump(_ targets: [(String, String, String, [String], [String])]) -> Data {
    let list: [[String: Any]] = targets.map { name, type, path, dependencies, exclude in
      [
        "name": name, "type": type, "path": path, "exclude": exclude,
        "dependencies": dependencies.map { ["byName": [$0, NSNull()]] },
      ]
    }
    return try! JSONSerialization.data(withJSONObject: ["name": "P", "targets": list])
  }

  @Test func theModulesAreEveryTargetButPluginsTheToolsAndTheirTests() throws {
    let folder = PackageFolder()
    try folder.write("Modules/Feature/Action.swift", Self.feature)
    try folder.write("Modules/Feature/Nested/More.swift", "let more = 1")
    try folder.write("Modules/Feature/Feature+Boilerplate.swift", "// generated")
    try folder.write("Modules/Feature/Skipped/Old.swift", "let old = 1")
    try folder.write("Modules/Tools/Kit/Kit.swift", Self.feature)
    try folder.write("Tests/KitTests/Quoted.swift", Self.feature)
    let modules = try #require(
      PackageModules.read(
        dump([
          ("Feature", "regular", "Modules/Feature", [], ["Skipped"]),
          ("BoilerplateKit", "regular", "Modules/Tools/Kit", [], []),
          ("KitTests", "test", "Tests/KitTests", ["BoilerplateKit"], []),
          ("BoilerplatePlugin", "plugin", "Modules/Tools/Plugin", [], []),
        ]), root: folder.root))
    #expect(
      modules == [
        KeptModule(
          output: folder.path("Modules/Feature/Feature+Boilerplate.swift"),
          sources: [folder.path("Modules/Feature/Action.swift"), folder.path("Modules/Feature/Nested/More.swift")])
      ])
    #expect(PackageModules.read(Data("not json".utf8), root: folder.root) == nil)
    #expect(PackageModules.read(Data(#"{"name": "P"}"#.utf8), root: folder.root) == nil)
  }

  @Test func aFileIsWrittenLeftAloneNamedWhenOutdatedRewrittenAndRemoved() throws {
    let folder = PackageFolder()
    try folder.write("Feature/Action.swift", Self.feature)
    try folder.write("Plain/Plain.swift", "let plain = 1")
    let modules = [
      KeptModule(
        output: folder.path("Feature/Feature+Boilerplate.swift"), sources: [folder.path("Feature/Action.swift")]),
      KeptModule(output: folder.path("Plain/Plain+Boilerplate.swift"), sources: [folder.path("Plain/Plain.swift")]),
    ]
    let first = KeptGeneratedFiles.update(modules)
    #expect(first.written == [modules[0].output])
    let kept = try #require(folder.read("Feature/Feature+Boilerplate.swift"))
    #expect(kept.hasPrefix(KeptGeneratedFiles.header))
    #expect(kept.contains("public let tapped = CasePath<Action, Void>"))
    #expect(folder.read("Plain/Plain+Boilerplate.swift") == nil, "a module that declares nothing keeps no file")

    #expect(KeptGeneratedFiles.update(modules) == KeptGeneratedFiles.Report())
    #expect(KeptGeneratedFiles.update(modules, checking: true) == KeptGeneratedFiles.Report())

    // A case added: the check names the file and writes nothing; the update writes it.
    try folder.write(
      "Feature/Action.swift", Self.feature.replacingOccurrences(of: "case tapped", with: "case tapped, held"))
    #expect(KeptGeneratedFiles.update(modules, checking: true).outdated == [modules[0].output])
    #expect(folder.read("Feature/Feature+Boilerplate.swift") == kept)
    #expect(KeptGeneratedFiles.update(modules).written == [modules[0].output])
    #expect(folder.read("Feature/Feature+Boilerplate.swift")?.contains("public let held") == true)

    // The declaration gone: the file goes too (checked first, then removed).
    try folder.write("Feature/Action.swift", "let nothing = 1")
    #expect(KeptGeneratedFiles.update(modules, checking: true).outdated == [modules[0].output])
    #expect(KeptGeneratedFiles.update(modules).removed == [modules[0].output])
    #expect(folder.read("Feature/Feature+Boilerplate.swift") == nil)
  }

  @Test func aModuleThatDoesNotScanKeepsItsFileAndSaysWhereAtItsLine() throws {
    let folder = PackageFolder()
    try folder.write("Feature/Action.swift", Self.feature)
    let module = KeptModule(
      output: folder.path("Feature/Feature+Boilerplate.swift"), sources: [folder.path("Feature/Action.swift")])
    _ = KeptGeneratedFiles.update([module])
    let kept = folder.read("Feature/Feature+Boilerplate.swift")
    try folder.write("Feature/Action.swift", "public enum Action: CasePathable {\n  case tapped(\n")
    let broken = KeptGeneratedFiles.update([module])
    #expect(broken.written.isEmpty)
    #expect(broken.errors.count == 1)
    #expect(broken.errors.first?.hasPrefix(folder.path("Feature/Action.swift") + ":") == true, "\(broken.errors)")
    #expect(folder.read("Feature/Feature+Boilerplate.swift") == kept)
    let missing = KeptModule(output: folder.path("Gone/Gone+Boilerplate.swift"), sources: [folder.path("Gone/A.swift")])
    #expect(
      KeptGeneratedFiles.update([missing]).errors == [
        folder.path("Gone/A.swift") + ":1:1: error: cannot read this file"
      ])
  }
}
