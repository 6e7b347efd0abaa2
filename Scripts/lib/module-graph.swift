// Reads `swift package dump-package` JSON and prints the module graph as Graphviz DOT, in layers.
// Used by Scripts/graph; arguments: DUMP.json [--tests] [--all-edges].
// With --executables-linking MODULE it prints instead, one per line, the executables that link MODULE
// directly or through other targets (Scripts/build-times states rule (d) with it). With --count-targets it prints
// "TARGETS PLUGIN_TARGETS": how many targets the package has, and how many run a build-tool plugin.
// Questions about the graph, test targets included (Scripts/graph --rdeps, --why, --affected-by):
//   --rdeps MODULE        every target that depends on MODULE, directly or not, one a line
//   --why A B             the shortest chain of dependencies from A to B (exit 1 when A does not depend on B)
//   --affected-by FILE…   the targets a change to those files reaches, each with why, then the files outside any
import Foundation

struct Package: Decodable {
  struct Target: Decodable {
    struct Dependency: Decodable {
      let byName: [String?]?
      let target: [String?]?
      var name: String? { (byName ?? target)?.first ?? nil }
    }
    let name: String
    let path: String?
    let type: String
    let dependencies: [Dependency]
    /// The plugins the target runs (an empty list when none), as the dump spells them.
    let pluginUsages: [PluginUsage]?

    struct PluginUsage: Decodable {}
  }
  let targets: [Target]
}

/// The layers, top to bottom, with the colour of their boxes.
let layers: [(name: String, color: String)] = [
  ("Executables", "#f4cccc"), ("Composition root", "#fce5cd"), ("AppFeature", "#fff2cc"),
  ("Implementations", "#d9ead3"), ("Interfaces", "#d0e0e3"), ("Clients", "#cfe2f3"), ("Core", "#d9d2e9"),
  ("Tests", "#eeeeee"),
]

func layerName(of target: Package.Target) -> String {
  let path = target.path ?? ""
  // Testing targets (fixtures, stand-in clients) are test support: drawn with the tests.
  if target.type == "test" || path.hasSuffix("/Testing") { return "Tests" }
  if target.type == "executable" { return "Executables" }
  if path.hasPrefix("App/") { return "Composition root" }
  if path == "Modules/Features/App/Feature" { return "AppFeature" }
  if path.hasPrefix("Modules/Features/"), path.hasSuffix("/Feature") { return "Implementations" }
  if path.hasPrefix("Modules/Features/") { return "Interfaces" }
  if path.hasPrefix("Modules/Clients/") { return "Clients" }
  return "Core"
}

let arguments = CommandLine.arguments.dropFirst()
let linkedModule = arguments.firstIndex(of: "--executables-linking").flatMap {
  arguments.index(after: $0) < arguments.endIndex ? arguments[arguments.index(after: $0)] : nil
}
guard let dumpPath = arguments.first(where: { !$0.hasPrefix("--") && $0 != linkedModule }) else {
  FileHandle.standardError.write(
    Data(
      "usage: module-graph.swift DUMP.json [--tests] [--all-edges] [--executables-linking MODULE] [--count-targets]\n"
        .utf8))
  exit(2)
}
let includeTests = arguments.contains("--tests")
let allEdges = arguments.contains("--all-edges")

let package: Package
do {
  package = try JSONDecoder().decode(Package.self, from: Data(contentsOf: URL(fileURLWithPath: dumpPath)))
} catch {
  FileHandle.standardError.write(Data("error: cannot read the package dump \(dumpPath): \(error)\n".utf8))
  exit(1)
}

if arguments.contains("--count-targets") {
  print(package.targets.count, package.targets.filter { !($0.pluginUsages ?? []).isEmpty }.count)
  exit(0)
}

/// The targets each target depends on directly, test targets included.
let directDependencies = Dictionary(
  package.targets.map { ($0.name, $0.dependencies.compactMap(\.name)) }, uniquingKeysWith: { first, _ in first })

/// Stops with a clear line when the package has no target `name`.
func requireTarget(_ name: String) {
  guard directDependencies[name] != nil else {
    FileHandle.standardError.write(Data("error: the package has no target '\(name)' (Scripts/graph --help)\n".utf8))
    exit(2)
  }
}

/// The value after `option`, or a clear error when there is none.
func value(after option: String, offset: Int = 1) -> String? {
  guard let index = arguments.firstIndex(of: option) else { return nil }
  let position = arguments.index(index, offsetBy: offset)
  guard position < arguments.endIndex, !arguments[position].hasPrefix("--") else {
    FileHandle.standardError.write(Data("error: \(option) needs \(offset == 1 ? "a module" : "two modules")\n".utf8))
    exit(2)
  }
  return arguments[position]
}

/// Every target that depends on one of `modules`, directly or not, with the dependency it reached it through.
func dependents(of modules: [String]) -> [String: String] {
  var users: [String: [String]] = [:]
  for (target, dependencies) in directDependencies {
    for dependency in dependencies { users[dependency, default: []].append(target) }
  }
  var reachedThrough: [String: String] = [:]
  var queue = modules
  var seen = Set(modules)
  while !queue.isEmpty {
    let module = queue.removeFirst()
    for user in (users[module] ?? []).sorted() where seen.insert(user).inserted {
      reachedThrough[user] = module
      queue.append(user)
    }
  }
  return reachedThrough
}

if arguments.contains("--rdeps") {
  let module = value(after: "--rdeps")!
  requireTarget(module)
  for target in dependents(of: [module]).keys.sorted() { print(target) }
  exit(0)
}

if arguments.contains("--why") {
  let (from, to) = (value(after: "--why")!, value(after: "--why", offset: 2)!)
  requireTarget(from)
  requireTarget(to)
  // Breadth first from `from`: the first chain found is a shortest one.
  var previous: [String: String] = [:]
  var queue = [from]
  var seen: Set<String> = [from]
  while !queue.isEmpty, previous[to] == nil {
    let module = queue.removeFirst()
    for dependency in (directDependencies[module] ?? []).sorted() where seen.insert(dependency).inserted {
      previous[dependency] = module
      queue.append(dependency)
    }
  }
  guard previous[to] != nil else {
    print("\(from) does not depend on \(to)")
    exit(1)
  }
  var chain = [to]
  while let before = previous[chain[0]] { chain.insert(before, at: 0) }
  print(chain.joined(separator: " -> "))
  exit(0)
}

if let index = arguments.firstIndex(of: "--affected-by") {
  let files = arguments[arguments.index(after: index)...].filter { !$0.hasPrefix("--") }
  guard !files.isEmpty else {
    FileHandle.standardError.write(Data("error: --affected-by needs one or more files\n".utf8))
    exit(2)
  }
  /// The target whose folder holds `file` (the deepest one), if any.
  func owner(of file: String) -> String? {
    let path = file.hasPrefix("./") ? String(file.dropFirst(2)) : file
    return package.targets.filter { target in
      guard let folder = target.path else { return false }
      return path.hasPrefix(folder.hasSuffix("/") ? folder : folder + "/")
    }.max { ($0.path ?? "").count < ($1.path ?? "").count }?.name
  }
  if files.contains(where: { $0 == "Package.swift" || $0 == "./Package.swift" }) {
    for target in package.targets.map(\.name).sorted() { print("\(target)  the manifest changed: every target") }
    exit(0)
  }
  var changed: [String: String] = [:]
  var outside: [String] = []
  for file in files {
    if let target = owner(of: file) { changed[target] = changed[target] ?? file } else { outside.append(file) }
  }
  let reached = dependents(of: changed.keys.sorted())
  let width = (Array(changed.keys) + Array(reached.keys)).map(\.count).max() ?? 0
  let pad = { (name: String) in name + String(repeating: " ", count: width - name.count + 2) }
  for target in changed.keys.sorted() { print(pad(target) + "changed: \(changed[target]!)") }
  for target in reached.keys.sorted() where changed[target] == nil {
    print(pad(target) + "depends on \(reached[target]!)")
  }
  for file in outside { print("outside any module: \(file)") }
  exit(0)
}

if let module = linkedModule {
  guard package.targets.contains(where: { $0.name == module }) else {
    FileHandle.standardError.write(Data("error: the package has no target '\(module)'\n".utf8))
    exit(1)
  }
  let dependencies = Dictionary(
    uniqueKeysWithValues: package.targets.map { ($0.name, $0.dependencies.compactMap(\.name)) })
  var reaches: [String: Bool] = [:]
  func links(_ target: String) -> Bool {
    if target == module { return true }
    if let known = reaches[target] { return known }
    reaches[target] = false
    let result = (dependencies[target] ?? []).contains(where: links)
    reaches[target] = result
    return result
  }
  for target in package.targets where target.type == "executable" && links(target.name) { print(target.name) }
  exit(0)
}

let targets = package.targets.filter { includeTests || layerName(of: $0) != "Tests" }
let names = Set(targets.map(\.name))
var edges: [String: Set<String>] = [:]
for target in targets {
  edges[target.name] = Set(target.dependencies.compactMap(\.name).filter { names.contains($0) })
}

/// Everything `start` reaches through at least one edge.
func reachable(from start: String) -> Set<String> {
  var seen: Set<String> = []
  var stack = Array(edges[start] ?? [])
  while let next = stack.popLast() {
    if seen.insert(next).inserted { stack.append(contentsOf: edges[next] ?? []) }
  }
  return seen
}

// Without --all-edges, an edge A -> C is left out when A reaches C through another dependency: the picture
// keeps the layering readable and still shows every module a module can import.
var shown = edges
if !allEdges {
  for (source, targets) in edges {
    let implied = targets.reduce(into: Set<String>()) { implied, middle in implied.formUnion(reachable(from: middle)) }
    shown[source] = targets.subtracting(implied)
  }
}

var lines = [
  "// The module graph of this package, by Scripts/graph (from `swift package dump-package`).",
  "digraph Modules {",
  "  rankdir=TB; newrank=true; nodesep=0.25; ranksep=0.6;",
  "  node [shape=box, style=\"rounded,filled\", fontname=\"Helvetica\", fontsize=11];",
  "  edge [color=\"#777777\", arrowsize=0.6];",
]
var previousLayerNode: String?
var layerOrder: [String] = []
for (index, layer) in layers.enumerated() {
  let members = targets.filter { layerName(of: $0) == layer.name }.map(\.name).sorted()
  guard !members.isEmpty else { continue }
  // An invisible edge between consecutive layers keeps them in order even where no real edge crosses.
  if let previous = previousLayerNode { layerOrder.append("  \"\(previous)\" -> \"\(members[0])\" [style=invis];") }
  previousLayerNode = members[0]
  lines.append("  subgraph cluster_\(index) {")
  lines.append("    label=\"\(layer.name)\"; style=dashed; color=\"#999999\"; fontname=\"Helvetica\";")
  lines.append("    node [fillcolor=\"\(layer.color)\"];")
  lines.append("    { rank=same; " + members.map { "\"\($0)\";" }.joined(separator: " ") + " }")
  lines.append("  }")
}
for source in shown.keys.sorted() {
  for target in shown[source, default: []].sorted() {
    lines.append("  \"\(source)\" -> \"\(target)\";")
  }
}
lines.append(contentsOf: layerOrder)
lines.append("}")
print(lines.joined(separator: "\n"))
