// Finds calls to toolchain APIs that Apple platforms have only above the package's declared floor.
//
// Linux ignores Apple availability, so a call to `String(validating:as:)` (macOS 15) compiles here and fails on a
// Mac whose floor is below it. This tool joins two things the Linux toolchain does know:
// - the toolchain's symbol graphs (`swift-symbolgraph-extract`), which carry each declaration's
//   `@available(macOS …)` under its USR;
// - the type-checked AST of our own modules (`swiftc -dump-ast -dump-ast-format json`), where every reference
//   names the declaration it resolved to by USR, and every `if #available`, `guard #available` and
//   `@available` says what the code around it may assume.
// A reference whose declaration needs more than the floor and more than its context guarantees is reported.
//
// The macOS floor applies to every module. The other Apple platforms' floors apply to the modules that library
// products ship (and what they depend on): the app and its tests run only on macOS and Linux.
//
// Usage: availability-check --floor macOS=26.0 [--library-floor iOS=26.0,… --package-dump FILE] --graphs DIR
//          (--plan .build/debug.yaml | FILE.swift…)
import Foundation

/// A platform version such as 15.4, compared component by component.
struct Version: Comparable, CustomStringConvertible {
  var parts: [Int]

  init(_ parts: [Int]) { self.parts = parts }

  init?(_ text: String) {
    let parts = text.split(separator: ".").map { Int($0) }
    guard !parts.isEmpty, parts.allSatisfy({ $0 != nil }) else { return nil }
    self.parts = parts.map { $0! }
  }

  static func < (lhs: Version, rhs: Version) -> Bool {
    for index in 0..<max(lhs.parts.count, rhs.parts.count) {
      let left = index < lhs.parts.count ? lhs.parts[index] : 0
      let right = index < rhs.parts.count ? rhs.parts[index] : 0
      if left != right { return left < right }
    }
    return false
  }

  static func == (lhs: Version, rhs: Version) -> Bool { !(lhs < rhs) && !(rhs < lhs) }

  /// "15.0", "15.4", "15.4.1": at least two components, no trailing zero patch.
  var description: String {
    var shown = parts
    while shown.count > 2, shown.last == 0 { shown.removeLast() }
    while shown.count < 2 { shown.append(0) }
    return shown.map(String.init).joined(separator: ".")
  }
}

/// What a declaration needs on one Apple platform.
enum Requirement {
  case introduced(Version)
  case unavailable
}

/// One toolchain declaration's name and its needs per platform ("macOS" → 15.0).
struct Declaration {
  var name: String
  var requirements: [String: Requirement]
}

/// What the code being walked may assume per platform: the floor, raised by `#available` and `@available`.
typealias Context = [String: Version]

/// A reference that needs more than its context guarantees.
struct Finding: Hashable {
  var file: String
  var offset: Int
  var message: String
}

func fail(_ message: String) -> Never {
  FileHandle.standardError.write(Data("error: \(message)\n".utf8))
  exit(2)
}

// MARK: - Arguments

/// Parses "macOS=26.0,iOS=26.0".
func parseFloors(_ value: String) -> Context {
  var result: Context = [:]
  for pair in value.split(separator: ",") {
    let parts = pair.split(separator: "=")
    guard parts.count == 2, let version = Version(String(parts[1])) else { fail("bad floor '\(pair)'") }
    result[String(parts[0])] = version
  }
  return result
}

var floor: Context = [:]
var libraryFloor: Context = [:]
var packageDump: String?
var graphsDirectory: String?
var planPath: String?
var files: [String] = []
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
  switch argument {
  case "--floor":
    guard let value = arguments.popFirst() else { fail("--floor needs a value") }
    floor = parseFloors(value)
  case "--library-floor":
    guard let value = arguments.popFirst() else { fail("--library-floor needs a value") }
    libraryFloor = parseFloors(value)
  case "--package-dump": packageDump = arguments.popFirst()
  case "--graphs": graphsDirectory = arguments.popFirst()
  case "--plan": planPath = arguments.popFirst()
  default: files.append(argument)
  }
}
guard !floor.isEmpty, let graphsDirectory else { fail("usage: --floor macOS=26.0 --graphs DIR (--plan FILE | FILE…)") }

// MARK: - The toolchain's declarations

/// Every toolchain declaration that some Apple platform restricts, by USR.
func loadDeclarations(from directory: String) -> [String: Declaration] {
  var declarations: [String: Declaration] = [:]
  var parents: [String: String] = [:]
  let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
  for name in names.sorted() where name.hasSuffix(".symbols.json") {
    let url = URL(fileURLWithPath: directory).appendingPathComponent(name)
    guard let data = try? Data(contentsOf: url),
      let graph = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
    else { fail("cannot read the symbol graph \(name)") }
    for case let symbol as [String: Any] in graph["symbols"] as? [Any] ?? [] {
      guard let identifier = symbol["identifier"] as? [String: Any], let usr = identifier["precise"] as? String
      else { continue }
      var requirements: [String: Requirement] = [:]
      for case let entry as [String: Any] in symbol["availability"] as? [Any] ?? [] {
        guard let domain = entry["domain"] as? String, floor[domain] ?? libraryFloor[domain] != nil else { continue }
        if entry["isUnconditionallyUnavailable"] as? Bool == true {
          requirements[domain] = .unavailable
        } else if let introduced = entry["introduced"] as? [String: Int] {
          requirements[domain] = .introduced(
            Version([introduced["major"] ?? 0, introduced["minor"] ?? 0, introduced["patch"] ?? 0]))
        }
      }
      let path = (symbol["pathComponents"] as? [String] ?? []).joined(separator: ".")
      if var known = declarations[usr] {
        // The same declaration seen through another graph: keep what either says.
        known.requirements.merge(requirements) { old, _ in old }
        declarations[usr] = known
      } else {
        declarations[usr] = Declaration(name: path, requirements: requirements)
      }
    }
    for case let relation as [String: Any] in graph["relationships"] as? [Any] ?? [] {
      guard relation["kind"] as? String == "memberOf", let source = relation["source"] as? String,
        let target = relation["target"] as? String
      else { continue }
      parents[source] = target
    }
  }
  // A member of a type or extension that is restricted is restricted as much, unless it says more itself.
  func inherited(_ usr: String, depth: Int = 0) -> [String: Requirement] {
    guard let declaration = declarations[usr] else { return [:] }
    guard depth < 16, let parent = parents[usr] else { return declaration.requirements }
    return declaration.requirements.merging(inherited(parent, depth: depth + 1)) { own, _ in own }
  }
  var result: [String: Declaration] = [:]
  for (usr, declaration) in declarations {
    let requirements = inherited(usr)
    if !requirements.isEmpty { result[usr] = Declaration(name: declaration.name, requirements: requirements) }
  }
  return result
}

let declarations = loadDeclarations(from: graphsDirectory)

/// The declarations that need more than the floor somewhere: the only ones a reference can be wrong about.
let lateDeclarations = declarations.filter { _, declaration in
  declaration.requirements.contains { domain, requirement in
    switch requirement {
    case .unavailable: return true
    case .introduced(let version): return version > (floor[domain] ?? libraryFloor[domain])!
    }
  }
}

/// Late nominal types by the identifiers their mangled names contain, to find them in mangled type strings
/// (a type named only in a signature has no reference of its own in the AST).
var lateTypesByName: [String: [(mangled: String, usr: String)]] = [:]
for (usr, declaration) in lateDeclarations where usr.hasSuffix("V") || usr.hasSuffix("C") || usr.hasSuffix("O") {
  guard usr.hasPrefix("s:"), let name = declaration.name.split(separator: ".").last else { continue }
  lateTypesByName[String(name), default: []].append((String(usr.dropFirst(2)), usr))
}

/// The identifiers a mangled name spells out as `<length><characters>`.
func mangledIdentifiers(_ text: String) -> [String] {
  var result: [String] = []
  let bytes = Array(text.utf8)
  var index = 0
  while index < bytes.count {
    guard bytes[index] >= 0x31, bytes[index] <= 0x39 else {
      index += 1
      continue
    }
    var length = 0
    while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 {
      length = length * 10 + Int(bytes[index] - 0x30)
      index += 1
    }
    guard length > 0, index + length <= bytes.count else { break }
    result.append(String(decoding: bytes[index..<index + length], as: UTF8.self))
    index += length
  }
  return result
}

// MARK: - Walking our AST

/// The platform versions an availability query or attribute guarantees.
func guarantees(of specs: [[String: Any]], versionKey: String) -> Context {
  var context: Context = [:]
  for spec in specs {
    guard let domain = spec["domain"] as? String, let text = spec[versionKey] as? String,
      let version = Version(text)
    else { continue }
    context[domain] = version
  }
  return context
}

func raised(_ context: Context, by more: Context) -> Context {
  context.merging(more) { max($0, $1) }
}

/// The guarantees of an `if`/`guard` condition list (`#available(macOS 15, *)`).
func conditionGuarantees(_ node: [String: Any]) -> Context {
  var context: Context = [:]
  for case let condition as [String: Any] in node["conditions"] as? [Any] ?? []
  where condition["_kind"] as? String == "#available" {
    context = raised(context, by: guarantees(of: condition["queries"] as? [[String: Any]] ?? [], versionKey: "version"))
  }
  return context
}

final class Walker {
  let file: String
  var findings: Set<Finding> = []
  var references = 0
  private var typeCache: [String: [String]] = [:]

  init(file: String) { self.file = file }

  func check(_ usr: String, at offset: Int, in context: Context) {
    references += 1
    guard let declaration = lateDeclarations[usr] else { return }
    for (domain, requirement) in declaration.requirements.sorted(by: { $0.key < $1.key }) {
      guard let guaranteed = context[domain] else { continue }
      switch requirement {
      case .unavailable:
        findings.insert(
          Finding(file: file, offset: offset, message: "'\(declaration.name)' is unavailable on \(domain)"))
      case .introduced(let needed) where needed > guaranteed:
        findings.insert(
          Finding(
            file: file, offset: offset,
            message: "'\(declaration.name)' needs \(domain) \(needed), above the \(domain) \(guaranteed) this code "
              + "may assume; call it inside `if #available(\(domain) \(needed), *)` or raise the floor in Package.swift"
          ))
      default: break
      }
    }
  }

  func checkType(_ mangled: String, at offset: Int, in context: Context) {
    let usrs: [String]
    if let cached = typeCache[mangled] {
      usrs = cached
    } else {
      usrs = mangledIdentifiers(mangled).flatMap { lateTypesByName[$0] ?? [] }
        .filter { mangled.contains($0.mangled) }.map(\.usr)
      typeCache[mangled] = usrs
    }
    for usr in usrs { check(usr, at: offset, in: context) }
  }

  func walk(_ value: Any, _ context: Context, _ offset: Int) {
    if let array = value as? [Any] {
      for element in array { walk(element, context, offset) }
      return
    }
    guard let node = value as? [String: Any] else { return }
    var context = context
    var offset = offset
    if let range = node["range"] as? [String: Any], let start = range["start"] as? Int { offset = start }
    for case let attribute as [String: Any] in node["attrs"] as? [Any] ?? []
    where attribute["_kind"] as? String == "available_attr" {
      context = raised(context, by: guarantees(of: [attribute], versionKey: "introduced"))
    }
    if let usr = node["decl_usr"] as? String, !usr.isEmpty { check(usr, at: offset, in: context) }
    for key in ["type", "interface_type", "result", "element"] {
      if let mangled = node[key] as? String, !mangled.isEmpty { checkType(mangled, at: offset, in: context) }
    }
    let kind = node["_kind"] as? String
    // The compiler itself picks `next()` or `next(isolation:)` for a `for await` by the platform's version.
    for (key, child) in node where key != "range" && key != "attrs" && !(kind == "for_each_stmt" && key == "next_call")
    {
      switch (kind, key) {
      case ("if_stmt", "then_stmt"), ("while_stmt", "body"):
        walk(child, raised(context, by: conditionGuarantees(node)), offset)
      case (_, "elements"), ("source_file", "items"):
        // A `guard #available` covers the statements after it in the same block.
        var running = context
        for element in child as? [Any] ?? [] {
          walk(element, running, offset)
          if let statement = element as? [String: Any], statement["_kind"] as? String == "guard_stmt" {
            running = raised(running, by: conditionGuarantees(statement))
          }
        }
      default:
        walk(child, context, offset)
      }
    }
  }
}

/// Splits the compiler's output into its JSON documents, one per source file.
func documents(in data: Data) -> [Data] {
  var result: [Data] = []
  var depth = 0
  var inString = false
  var escaped = false
  var start: Int?
  data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
    for index in 0..<bytes.count {
      let byte = bytes[index]
      if inString {
        if escaped {
          escaped = false
        } else if byte == UInt8(ascii: "\\") {
          escaped = true
        } else if byte == UInt8(ascii: "\"") {
          inString = false
        }
        continue
      }
      switch byte {
      case UInt8(ascii: "\""): if start != nil { inString = true }
      case UInt8(ascii: "{"):
        if depth == 0 { start = index }
        depth += 1
      case UInt8(ascii: "}"):
        guard depth > 0 else { continue }
        depth -= 1
        if depth == 0, let begin = start {
          result.append(Data(bytes[begin...index]))
          start = nil
        }
      default: break
      }
    }
  }
  return result
}

/// Line and column of a UTF-8 offset in a file.
func position(of offset: Int, in file: String, cache: inout [String: [UInt8]]) -> (line: Int, column: Int) {
  let bytes = cache[file] ?? Array((try? Data(contentsOf: URL(fileURLWithPath: file))) ?? Data())
  cache[file] = bytes
  var line = 1
  var column = 1
  for byte in bytes.prefix(offset) {
    if byte == UInt8(ascii: "\n") {
      line += 1
      column = 1
    } else {
      column += 1
    }
  }
  return (line, column)
}

// MARK: - Our modules

/// One module's compile command: the compiler and its arguments.
struct Module {
  var name: String
  var arguments: [String]
}

/// The compile commands of the package's own modules, from SwiftPM's build plan (`.build/debug.yaml`).
func modules(fromPlan path: String) -> [Module] {
  guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { fail("cannot read \(path)") }
  var result: [Module] = []
  for line in text.split(separator: "\n") {
    let trimmed = line.drop { $0 == " " }
    guard trimmed.hasPrefix("args: ["),
      let array = try? JSONSerialization.jsonObject(with: Data(trimmed.dropFirst("args: ".count).utf8)) as? [String],
      array.first?.hasSuffix("swiftc") == true, let nameIndex = array.firstIndex(of: "-module-name"),
      nameIndex + 1 < array.count, array.contains("-emit-module")
    else { continue }
    let name = array[nameIndex + 1]
    // Test discovery and entry points are generated by SwiftPM, not written by us.
    if name.hasSuffix("PackageTests") || name.hasSuffix("PackageDiscoveredTests") { continue }
    // Drop what writes outputs; keep what decides how the sources type-check.
    let dropped: Set<String> = [
      "-emit-dependencies", "-emit-module", "-incremental", "-c", "-enable-batch-mode", "-serialize-diagnostics",
      "-parseable-output", "-emit-objc-header", "-g",
    ]
    let droppedWithValue: Set<String> = [
      "-emit-module-path", "-output-file-map", "-index-store-path", "-emit-objc-header-path", "-j",
    ]
    var kept: [String] = []
    var index = 1
    while index < array.count {
      let argument = array[index]
      if argument.hasPrefix("-X"), index + 1 < array.count {
        // A flag passed through to another tool (`-Xcc -g`) is that tool's business.
        kept += [argument, array[index + 1]]
        index += 2
        continue
      }
      if droppedWithValue.contains(argument) {
        index += 2
        continue
      }
      if !dropped.contains(argument), !argument.hasPrefix("-j") { kept.append(argument) }
      index += 1
    }
    result.append(Module(name: name, arguments: kept))
  }
  if result.isEmpty { fail("no module compile commands in \(path): build the package first") }
  return result
}

/// Runs the compiler and returns everything it printed (the AST dump goes to stderr for several files).
func dumpAST(_ arguments: [String]) -> Data {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
  process.arguments = ["swiftc", "-dump-ast", "-dump-ast-format", "json"] + arguments
  let output = FileManager.default.temporaryDirectory.appendingPathComponent("ast-\(UUID().uuidString).json")
  guard FileManager.default.createFile(atPath: output.path, contents: nil) else { fail("cannot write \(output.path)") }
  defer { try? FileManager.default.removeItem(at: output) }
  guard let handle = try? FileHandle(forWritingTo: output) else { fail("cannot write \(output.path)") }
  process.standardOutput = handle
  process.standardError = handle
  do { try process.run() } catch { fail("cannot run swiftc: \(error)") }
  process.waitUntilExit()
  try? handle.close()
  let data = (try? Data(contentsOf: output)) ?? Data()
  if process.terminationStatus != 0 {
    FileHandle.standardError.write(data.prefix(4000))
    fail("swiftc -dump-ast failed for \(arguments.prefix(4).joined(separator: " "))")
  }
  return data
}

/// The modules that library products ship: each product's targets and everything they depend on.
func libraryModules(fromDump path: String) -> Set<String> {
  guard let data = FileManager.default.contents(atPath: path),
    let dump = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
  else { fail("cannot read the package dump \(path)") }
  var dependencies: [String: [String]] = [:]
  for case let target as [String: Any] in dump["targets"] as? [Any] ?? [] {
    guard let name = target["name"] as? String else { continue }
    for case let dependency as [String: Any] in target["dependencies"] as? [Any] ?? [] {
      for case let value as [Any] in dependency.values {
        if let first = value.first as? String { dependencies[name, default: []].append(first) }
      }
    }
  }
  var result: Set<String> = []
  var pending: [String] = []
  for case let product as [String: Any] in dump["products"] as? [Any] ?? [] {
    guard let type = product["type"] as? [String: Any], type["library"] != nil else { continue }
    pending += product["targets"] as? [String] ?? []
  }
  while let next = pending.popLast() {
    guard result.insert(next).inserted else { continue }
    pending += dependencies[next] ?? []
  }
  return result
}

let libraries = packageDump.map(libraryModules(fromDump:)) ?? []

/// The bytes of Swift source a module's compile command names: how long its dump takes, roughly.
func sourceBytes(_ arguments: [String]) -> Int {
  arguments.filter { $0.hasSuffix(".swift") }.reduce(0) { total, path in
    total + ((try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0)
  }
}

let jobs: [(name: String, arguments: [String])]
if let planPath {
  // Largest first, taken by whichever lane is free: the last module to finish is a small one, so both lanes stay
  // busy to the end.
  jobs = modules(fromPlan: planPath).map { ($0.name, $0.arguments) }
    .map { ($0, sourceBytes($0.1)) }.sorted { $0.1 > $1.1 }.map(\.0)
} else {
  jobs = [("files", ["-module-name", "AvailabilityProbe", "-swift-version", "6"] + files)]
}

/// What checking one module found.
struct ModuleResult {
  var findings: [Finding] = []
  var references = 0
  var sourceFiles = 0
}

/// Dumps and walks one module (as many at a time as the machine has cores, up to four: the compiler is the slow part).
func check(_ job: (name: String, arguments: [String])) -> ModuleResult {
  var result = ModuleResult()
  let output = dumpAST(job.arguments)
  let moduleFloor = libraries.contains(job.name) ? floor.merging(libraryFloor) { own, _ in own } : floor
  for document in documents(in: output) {
    guard let tree = try? JSONSerialization.jsonObject(with: document) as? [String: Any],
      tree["_kind"] as? String == "source_file", let file = tree["filename"] as? String
    else { continue }
    result.sourceFiles += 1
    let walker = Walker(file: file)
    walker.walk(tree, moduleFloor, 0)
    result.references += walker.references
    result.findings += walker.findings
  }
  return result
}

let resultsLock = NSLock()
nonisolated(unsafe) var results: [ModuleResult] = []
nonisolated(unsafe) var nextJob = 0
let width = max(1, min(ProcessInfo.processInfo.activeProcessorCount, 4))
DispatchQueue.concurrentPerform(iterations: width) { _ in
  while true {
    let index: Int = resultsLock.withLock {
      defer { nextJob += 1 }
      return nextJob
    }
    guard index < jobs.count else { return }
    let result = check(jobs[index])
    resultsLock.withLock { results.append(result) }
  }
}
let findings = results.flatMap(\.findings)
let references = results.reduce(0) { $0 + $1.references }
let sourceFiles = results.reduce(0) { $0 + $1.sourceFiles }

var cache: [String: [UInt8]] = [:]
// One line per source line and message: a call and its implicit parts resolve to the same declaration.
var reported: [String: (line: Int, column: Int, message: String, file: String)] = [:]
for finding in findings {
  let (line, column) = position(of: finding.offset, in: finding.file, cache: &cache)
  let key = "\(finding.file):\(line):\(finding.message)"
  if let known = reported[key], known.column <= column { continue }
  reported[key] = (line, column, finding.message, finding.file)
}
let lines = reported.values.sorted { ($0.file, $0.line, $0.column) < ($1.file, $1.line, $1.column) }
  .map { "\($0.file):\($0.line):\($0.column): error: \($0.message)" }
for line in lines { print(line) }
let floorText =
  floor.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
  + (libraryFloor.isEmpty
    ? ""
    : "; " + libraryFloor.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
      + " for the \(libraries.count) modules library products ship")
print(
  "\(references) references in \(sourceFiles) source files of \(jobs.count) modules checked against "
    + "\(declarations.count) restricted toolchain declarations (floor: \(floorText)): \(lines.count) above it.")
exit(lines.isEmpty ? 0 : 1)
