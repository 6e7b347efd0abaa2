// Reads `swift package dump-package` JSON and prints the module graph as Graphviz DOT, in layers.
// Used by Scripts/graph; arguments: DUMP.json [--tests] [--all-edges].
// With --executables-linking MODULE it prints instead, one per line, the executables that link MODULE
// directly or through other targets (Scripts/build-times states rule (d) with it). With --count-targets it prints
// "TARGETS PLUGIN_TARGETS": how many targets the package has, and how many run a build-tool plugin.
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
