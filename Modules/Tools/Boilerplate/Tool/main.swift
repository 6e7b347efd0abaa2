// The boilerplate tool. `BoilerplateTool --output FILE SOURCE…` scans one module's sources and writes its generated
// file: what the build-tool plugin runs for each module of a package of your own. `swift package dump-package |
// BoilerplateTool --package ROOT [--check]` keeps the generated file of every module of the package at ROOT in that
// module's folder, in one process (Scripts/generate). Errors print in the compiler's format, so an editor or a build
// shows them at their line.
import BoilerplateKit
import Foundation

/// Prints `message` on standard error and exits with `status`.
func fail(_ message: String, status: Int32) -> Never {
  FileHandle.standardError.write(Data((message + "\n").utf8))
  exit(status)
}

/// `path` from the package's folder (`Modules/…`), as a person types it.
func relative(_ path: String, to root: URL) -> String {
  let prefix = root.standardizedFileURL.path + "/"
  return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
}

let usage = """
  usage: BoilerplateTool --output GENERATED.swift SOURCE.swift…
         swift package dump-package | BoilerplateTool --package ROOT [--check]
  """
let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "--package" {
  guard arguments.count == 2 || arguments.count == 3 && arguments[2] == "--check" else { fail(usage, status: 2) }
  let root = URL(fileURLWithPath: arguments[1], isDirectory: true)
  guard let modules = PackageModules.read(FileHandle.standardInput.readDataToEndOfFile(), root: root) else {
    fail("error: the standard input is not what swift package dump-package prints", status: 2)
  }
  let report = KeptGeneratedFiles.update(modules, checking: arguments.count == 3)
  if !report.errors.isEmpty {
    FileHandle.standardError.write(Data((report.errors.joined(separator: "\n") + "\n").utf8))
  }
  if !report.outdated.isEmpty {
    fail(
      "error: generated files not as their modules' sources make them (run Scripts/generate):\n"
        + report.outdated.map { "  " + relative($0, to: root) }.joined(separator: "\n"), status: 1)
  }
  let changed = report.written.count + report.removed.count
  if changed > 0 { print("Scripts/generate: \(report.written.count) file(s) written, \(report.removed.count) removed") }
  exit(report.errors.isEmpty ? 0 : 1)
}
guard arguments.count >= 2, arguments[0] == "--output" else { fail(usage, status: 2) }
let output = arguments[1]
let sources = Array(arguments.dropFirst(2))
let generated: String
switch ModuleGeneration.generate(sources) {
case let .failure(errors): fail(errors.lines.joined(separator: "\n"), status: 1)
case let .success(text): generated = text
}
if generated == BoilerplateGenerator.emptyOutput, let first = sources.sorted().first {
  FileHandle.standardError.write(Data((BoilerplateGenerator.nothingToGenerateWarning(at: first) + "\n").utf8))
}
// Writing the same text again would change the file's date and make the module compile again for nothing.
if FileManager.default.contents(atPath: output) != Data(generated.utf8) {
  do {
    try Data(generated.utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
  } catch {
    fail("\(output):1:1: error: cannot write the generated file: \(error)", status: 1)
  }
}
