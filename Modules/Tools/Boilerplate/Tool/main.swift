// The boilerplate tool: `BoilerplateTool --output FILE SOURCE…` scans one module's sources and writes its generated
// file. The build-tool plugin runs it on every module; errors print in the compiler's format, so the build shows
// them at their line.
import BoilerplateKit
import Foundation

let usage = "usage: BoilerplateTool --output GENERATED.swift SOURCE.swift…"
var arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count >= 2, arguments[0] == "--output" else {
  FileHandle.standardError.write(Data((usage + "\n").utf8))
  exit(2)
}
let output = arguments[1]
let sources = arguments.dropFirst(2)

var scanned: [ScannedFile] = []
var errors: [String] = []
for path in sources {
  guard let data = FileManager.default.contents(atPath: path) else {
    errors.append("\(path):1:1: error: cannot read this file")
    continue
  }
  do throws(ScanError) {
    scanned.append(try SourceScanner.scan(String(decoding: data, as: UTF8.self), file: path))
  } catch {
    errors.append(error.description)
  }
}
var generated = ""
if errors.isEmpty {
  do throws(GenerationFailure) {
    generated = try BoilerplateGenerator(files: scanned).generate()
  } catch {
    errors += error.errors.map(\.description)
  }
}
guard errors.isEmpty else {
  FileHandle.standardError.write(Data((errors.joined(separator: "\n") + "\n").utf8))
  exit(1)
}
if generated == BoilerplateGenerator.emptyOutput, let first = sources.sorted().first {
  FileHandle.standardError.write(Data((BoilerplateGenerator.nothingToGenerateWarning(at: first) + "\n").utf8))
}
// Writing the same text again would change the file's date and make the module compile again for nothing.
if FileManager.default.contents(atPath: output) != Data(generated.utf8) {
  do {
    try Data(generated.utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
  } catch {
    FileHandle.standardError.write(Data("\(output):1:1: error: cannot write the generated file: \(error)\n".utf8))
    exit(1)
  }
}
