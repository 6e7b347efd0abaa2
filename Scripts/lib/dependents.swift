// Reads `swift package dump-package` JSON and prints, one per line, the executable targets that link MODULE,
// directly or through other targets. Used by Scripts/build-times to state rule (d); arguments: DUMP.json MODULE.
import Foundation

struct Package: Decodable {
  struct Target: Decodable {
    struct Dependency: Decodable {
      let byName: [String?]?
      let target: [String?]?
      var name: String? { (byName ?? target)?.first ?? nil }
    }
    let name: String
    let type: String
    let dependencies: [Dependency]
  }
  let targets: [Target]
}

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count == 2 else {
  FileHandle.standardError.write(Data("usage: dependents.swift DUMP.json MODULE\n".utf8))
  exit(2)
}
let package: Package
do {
  package = try JSONDecoder().decode(Package.self, from: Data(contentsOf: URL(fileURLWithPath: arguments[0])))
} catch {
  FileHandle.standardError.write(Data("error: cannot read the package dump \(arguments[0]): \(error)\n".utf8))
  exit(1)
}
let module = arguments[1]
guard package.targets.contains(where: { $0.name == module }) else {
  FileHandle.standardError.write(Data("error: the package has no target '\(module)'\n".utf8))
  exit(1)
}
let dependencies = Dictionary(
  uniqueKeysWithValues: package.targets.map { ($0.name, $0.dependencies.compactMap(\.name)) })

/// Whether `target` reaches `module` through its dependencies (memoized: the graph is small but shared).
var reaches: [String: Bool] = [:]
func linksModule(_ target: String) -> Bool {
  if target == module { return true }
  if let known = reaches[target] { return known }
  reaches[target] = false
  let result = (dependencies[target] ?? []).contains(where: linksModule)
  reaches[target] = result
  return result
}
for target in package.targets where target.type == "executable" && linksModule(target.name) {
  print(target.name)
}
