// Writes SwiftPM's floor for a package: a package with the same targets (names, kinds, dependency edges), the
// same products, platforms and language mode, whose every source is one line. Building it costs what SwiftPM
// itself costs for that graph (evaluating the manifest, planning, a compiler and a linker per target), so a
// build of the real package measured beside it shows what the package's own code adds.
//
// Usage: swift package dump-package | floor-package DIR
// Writes DIR/Package.swift and DIR/Floor/<Target>/<Target>.swift (main.swift for executables); prints the path of
// the file a "body edit" changes for each target as `TARGET PATH`, one a line, on standard output.
import Foundation

/// Exits with `message` on standard error.
func fail(_ message: String) -> Never {
  FileHandle.standardError.write(Data("floor-package: \(message)\n".utf8))
  exit(1)
}

/// A string as a Swift literal.
func literal(_ text: String) -> String { "\"" + text.replacingOccurrences(of: "\"", with: "\\\"") + "\"" }

/// The target's declaration in the floor's manifest.
func declaration(of target: [String: Any]) -> String {
  let name = target["name"] as? String ?? ""
  let dependencies = (target["dependencies"] as? [[String: Any]] ?? []).compactMap { dependency -> String? in
    for kind in ["byName", "target"] {
      if let pair = dependency[kind] as? [Any], let dependencyName = pair.first as? String {
        return literal(dependencyName)
      }
    }
    return nil
  }
  let path = literal("Floor/\(name)")
  let edges = "[" + dependencies.joined(separator: ", ") + "]"
  switch target["type"] as? String {
  case "executable": return ".executableTarget(name: \(literal(name)), dependencies: \(edges), path: \(path))"
  case "test": return ".testTarget(name: \(literal(name)), dependencies: \(edges), path: \(path))"
  case "plugin":
    return ".plugin(name: \(literal(name)), capability: .buildTool(), dependencies: \(edges), path: \(path))"
  case "regular": return ".target(name: \(literal(name)), dependencies: \(edges), path: \(path))"
  default: fail("target \(name) is of a kind the floor does not make: \(target["type"] ?? "none")")
  }
}

/// The product's declaration in the floor's manifest.
func declaration(ofProduct product: [String: Any]) -> String {
  let name = literal(product["name"] as? String ?? "")
  let targets = "[" + (product["targets"] as? [String] ?? []).map(literal).joined(separator: ", ") + "]"
  let kind = product["type"] as? [String: Any] ?? [:]
  if kind["executable"] != nil { return ".executable(name: \(name), targets: \(targets))" }
  if kind["plugin"] != nil { return ".plugin(name: \(name), targets: \(targets))" }
  return ".library(name: \(name), targets: \(targets))"
}

/// The one line of a target's source.
func source(of target: [String: Any]) -> (file: String, line: String) {
  let name = target["name"] as? String ?? ""
  switch target["type"] as? String {
  case "executable": return ("main.swift", "print(\(literal(name)))")
  case "plugin":
    return (
      "\(name).swift",
      "import PackagePlugin; @main struct Floor: BuildToolPlugin { func createBuildCommands(context: PluginContext, "
        + "target: Target) throws -> [Command] { [] } }"
    )
  case "test": return ("\(name).swift", "let floorMarker = 0")
  // A function with an empty body, so that a "body edit" can be the package's own kind of edit.
  default: return ("\(name).swift", "public func floorBody() {}")
  }
}

let arguments = CommandLine.arguments
guard arguments.count == 2 else { fail("usage: swift package dump-package | floor-package DIR") }
let root = URL(fileURLWithPath: arguments[1])
let input = FileHandle.standardInput.readDataToEndOfFile()
guard let package = (try? JSONSerialization.jsonObject(with: input)) as? [String: Any] else {
  fail("standard input is not the JSON of 'swift package dump-package'")
}
let targets = package["targets"] as? [[String: Any]] ?? []
let products = package["products"] as? [[String: Any]] ?? []
let tools = (package["toolsVersion"] as? [String: Any])?["_version"] as? String ?? "6.0"
let platforms = (package["platforms"] as? [[String: Any]] ?? []).compactMap { platform -> String? in
  let names = ["macos": "macOS", "ios": "iOS", "tvos": "tvOS", "watchos": "watchOS", "visionos": "visionOS"]
  guard let name = names[platform["platformName"] as? String ?? ""], let version = platform["version"] as? String
  else { return nil }
  return ".\(name)(\(literal(version)))"
}
let modes = (package["swiftLanguageVersions"] as? [String] ?? []).map { ".v\($0)" }
let manifest = """
  // swift-tools-version:\(tools.split(separator: ".").prefix(2).joined(separator: "."))
  // SwiftPM's floor for \(package["name"] ?? "a package"): its targets and edges, one-line sources.
  import PackageDescription

  let package = Package(
    name: "Floor",
    platforms: [\(platforms.joined(separator: ", "))],
    products: [
      \(products.map(declaration(ofProduct:)).joined(separator: ",\n    "))
    ],
    targets: [
      \(targets.map { declaration(of: $0) }.joined(separator: ",\n    "))
    ],
    swiftLanguageModes: [\(modes.joined(separator: ", "))]
  )

  """
do {
  try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
  try manifest.write(to: root.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
  for target in targets {
    let name = target["name"] as? String ?? ""
    let folder = root.appendingPathComponent("Floor/\(name)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let (file, line) = source(of: target)
    try (line + "\n").write(to: folder.appendingPathComponent(file), atomically: true, encoding: .utf8)
    print("\(name) Floor/\(name)/\(file)")
  }
} catch {
  fail("could not write the floor in \(root.path): \(error)")
}
