// The scaffolder: `ScaffolderTool NAME [--presents OTHER] [--presented-by AppFeature | --pushed-by AppFeature]`,
// run from the repository's root by Scripts/new-feature. It plans every file first (ScaffolderKit), writes them,
// formats them, and undoes everything when a step fails.
import Foundation
import ScaffolderKit

let usage = """
  usage: Scripts/new-feature NAME [--presents OTHER] [--presented-by AppFeature | --pushed-by AppFeature]
    Scaffolds feature NAME: NAMEInterface, NAMEFeature (logic and terminal view), NAMETesting, NAMEFeatureTests and
    the NAMEExample executable, registered in Package.swift, from the templates in Scripts/templates/Feature.
    --presents OTHER           NAME presents feature OTHER (an 'open' command, OTHER's delegate closes it)
    --presented-by AppFeature  the app presents NAME: a case of AppFeature.Destination, the route that closes it,
                               a test of that route, and NAME in Package.swift's appFeatures
    --pushed-by AppFeature     the same on the app's stack: a case of AppFeature.Path, popped when NAME finishes
  """

func fail(_ message: String, code: Int32) -> Never {
  FileHandle.standardError.write(Data("new-feature: \(message)\n".utf8))
  exit(code)
}

let request: FeatureRequest
do throws(ScaffoldError) {
  switch try FeatureRequest.parse(Array(CommandLine.arguments.dropFirst())) {
  case .help:
    print(usage)
    exit(0)
  case let .scaffold(parsed):
    request = parsed
  }
} catch {
  FileHandle.standardError.write(Data((usage + "\n").utf8))
  fail(error.message, code: 2)
}

let root = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
let tree = DiskSourceTree(root: root)
let plan: Scaffolder.Plan
do throws(ScaffoldError) {
  plan = try Scaffolder(tree: tree).plan(request)
} catch {
  fail(error.message, code: 2)
}

// Everything is checked: write, and undo every write if a step fails.
var written: [String] = []
let originals = Dictionary(
  uniqueKeysWithValues: plan.changes.filter { !$0.isNew }.map { ($0.path, tree.contents(of: $0.path)) })
@MainActor func undo() {
  for change in plan.changes where written.contains(change.path) {
    if change.isNew {
      try? FileManager.default.removeItem(at: root.appendingPathComponent(change.path))
    } else if let original = originals[change.path] ?? nil {
      try? Data(original.utf8).write(to: root.appendingPathComponent(change.path))
    }
  }
  for folder in plan.createdFolders { try? FileManager.default.removeItem(at: root.appendingPathComponent(folder)) }
}
do {
  for change in plan.changes {
    let url = root.appendingPathComponent(change.path)
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    written.append(change.path)
    try Data(change.contents.utf8).write(to: url, options: .atomic)
  }
  // The templates are formatted; a long name can still push a line past the limit.
  let formatter = Process()
  formatter.executableURL = URL(fileURLWithPath: "/usr/bin/env")
  formatter.arguments = ["swift", "format", "format", "--in-place"] + plan.changes.map(\.path)
  try formatter.run()
  formatter.waitUntilExit()
  guard formatter.terminationStatus == 0 else {
    throw ScaffoldError("swift format failed on the scaffolded files (exit \(formatter.terminationStatus))")
  }
} catch {
  undo()
  fail("failed (\(error)); nothing was changed", code: 1)
}
print(plan.summary)
