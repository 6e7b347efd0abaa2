import Foundation

/// One module whose generated file a repository keeps in the module's folder: where the file goes, and the Swift
/// files it is made from.
public struct KeptModule: Equatable, Sendable {
  /// The generated file's path (`<folder>/<Target>+Boilerplate.swift`).
  public let output: String
  /// The module's Swift files, sorted, without the generated one.
  public let sources: [String]

  /// A module writing `output` from `sources`.
  public init(output: String, sources: [String]) {
    self.output = output
    self.sources = sources
  }
}

/// The modules of a package whose generated files Scripts/generate keeps, read from `swift package dump-package`:
/// every target with Swift sources but plugins, the targets under `Modules/Tools/` (the generator's and the
/// scaffolder's own) and the targets that depend on them (their tests), whose sources quote declarations as text.
public enum PackageModules {
  /// The modules of the package `dump` describes (the JSON `swift package dump-package` prints), with their files
  /// under `root`; nil when `dump` is not such a description.
  public static func read(_ dump: Data, root: URL) -> [KeptModule]? {
    guard let package = try? JSONSerialization.jsonObject(with: dump) as? [String: Any],
      let targets = package["targets"] as? [[String: Any]]
    else { return nil }
    return targets.compactMap { target -> KeptModule? in
      guard let name = target["name"] as? String, let path = target["path"] as? String,
        target["type"] as? String != "plugin", !path.hasPrefix("Modules/Tools/"),
        !dependencies(of: target).contains(where: { ["BoilerplateKit", "ScaffolderKit"].contains($0) })
      else { return nil }
      let folder = root.appendingPathComponent(path).standardizedFileURL
      let excluded = (target["exclude"] as? [String] ?? []).map { folder.appendingPathComponent($0).path }
      let output = folder.appendingPathComponent("\(name)+Boilerplate.swift").path
      let sources = swiftFiles(under: folder).filter { file in
        file != output && !excluded.contains { file == $0 || file.hasPrefix($0 + "/") }
      }
      return KeptModule(output: output, sources: sources)
    }
  }

  /// The names of the targets `target` depends on.
  private static func dependencies(of target: [String: Any]) -> [String] {
    (target["dependencies"] as? [[String: Any]] ?? []).compactMap { dependency in
      dependency.values.compactMap { ($0 as? [Any])?.first as? String }.first
    }
  }

  /// The Swift files under `folder`, sorted, so the generated text does not depend on the file system's order.
  private static func swiftFiles(under folder: URL) -> [String] {
    guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { return [] }
    return walker.compactMap { ($0 as? URL)?.standardizedFileURL.path }.filter { $0.hasSuffix(".swift") }.sorted()
  }
}
