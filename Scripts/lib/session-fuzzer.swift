// Types random lines at real `users` sessions, many sessions in a row on a few data folders, two at once on one
// folder every fifth round, and checks after each round that nothing crashed, nothing got stuck and no file was
// damaged. A failing session is kept (its lines, options, output and the folder as it was before) and shrunk to
// the fewest lines that still fail the same way.
//
// The lines are piped with --keep-going, so a refused line is answered and the session goes on: every line
// generated is read. Most are commands of some screen (the session is on one screen at a time, so many are
// refused on purpose), the rest is what a hurried person or a broken script sends: debugger commands with odd
// arguments, numbers past any range, long lines, control characters, bytes that are not UTF-8.
//
// Usage: session-fuzzer --users BIN --lines N --seed S --out DIR [--label NAME]
import Foundation

/// A small, seedable generator (SplitMix64): the same seed types the same lines.
struct SeededGenerator: RandomNumberGenerator {
  var state: UInt64
  mutating func next() -> UInt64 {
    state = state &+ 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// Makes the lines: each a byte string (it may not be UTF-8), without its newline.
struct LineMaker {
  var random: SeededGenerator

  static let words = [
    "ada", "gr", "Grace Hopper", "Lovelace", "paris", "é", "日本", "🙂", "a b", "%s", "\\u0000", "'", "\"", "\\",
    "Ωmega", "O'Brien", "ZZZ", "-", "--help", "", " ",
  ]
  static let numbers = [
    "0", "1", "2", "3", "5", "9", "12", "20", "21", "36", "37", "-1", "+2", "1.5", "0x10", "007", "2147483648",
    "9223372036854775807", "9223372036854775808", "99999999999999999999999", "１", "NaN", "",
  ]
  static let screenCommands = [
    "open #", "add", "search $", "search", "sort name", "sort city", "sort id", "sort $", "fav #", "fav",
    "delete #", "delete", "next", "prev", "page #", "reload", "settings", "info", "edit", "cancel", "name $",
    "email $", "email @", "city $", "city", "save", "search-field any", "search-field email", "search-field $",
    "display compact", "display detailed", "display $", "tour", "done", "help", "back", "back", "back",
  ]
  static let debuggerCommands = [
    ":timeline", ":timeline $", ":more", ":at #", ":next", ":prev", ":diff", ":diff #", ":filter",
    ":filter allow list.", ":filter deny *Tapped*", ":filter allow $", ":filter clear", ":filter $", ":find $",
    ":find email=$", ":find $=#", ":slow", ":slow #", ":slow on", ":slow off", ":effects", ":alive",
    ":send list.userTapped(#)", ":send list.$", ":send $", ":send {\"list\":{\"_0\":{\"userTapped\":{\"_0\":#}}}}",
    ":skip #", ":apply #", ":export export-#.jsonl", ":export $", ":resume", ":", "::", ":help",
  ]

  mutating func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &random) < percent }
  mutating func pick(_ list: [String]) -> String { list.randomElement(using: &random)! }

  /// One line: a command with its blanks filled most of the time, noise otherwise.
  mutating func line() -> [UInt8] {
    let roll = Int.random(in: 0..<100, using: &random)
    if roll < 72 { return Array(filled(pick(Self.screenCommands)).utf8) }
    if roll < 84 { return Array(filled(pick(Self.debuggerCommands)).utf8) }
    return noise()
  }

  /// A template with `#` made a number and `$` a word, `@` a valid email.
  mutating func filled(_ template: String) -> String {
    var text = ""
    for character in template {
      switch character {
      case "#": text += chance(85) ? String(Int.random(in: 1...40, using: &random)) : pick(Self.numbers)
      case "$": text += pick(Self.words)
      case "@": text += "p\(Int.random(in: 0..<1_000_000, using: &random))@example.com"
      default: text.append(character)
      }
    }
    return chance(3) ? "  " + text + " \t" : text
  }

  /// What no screen expects: random printable text, raw bytes, control characters, a very long line.
  mutating func noise() -> [UInt8] {
    switch Int.random(in: 0..<5, using: &random) {
    case 0:
      return (0..<Int.random(in: 0...40, using: &random)).map { _ in UInt8.random(in: 32...126, using: &random) }
    case 1:
      return (0..<Int.random(in: 1...40, using: &random)).map { _ in
        var byte = UInt8.random(in: 0...255, using: &random)
        if byte == 10 { byte = 13 }
        return byte
      }
    case 2:
      return Array(pick(["\u{1B}[A", "\u{1B}[2J", "\u{7F}", "\u{03}", "\u{04}", "\t", "\r", "\u{1B}"]).utf8)
    case 3:
      let length = chance(10) ? 100_000 : Int.random(in: 200...5_000, using: &random)
      return Array(filled(pick(Self.screenCommands)).utf8) + [UInt8](repeating: 0x61, count: length)
    default:
      return Array(pick(Self.words).utf8)
    }
  }
}

/// How one session ended.
struct SessionOutcome {
  var status: Int32
  var signaled: Bool
  var timedOut: Bool
  var seconds: Double
  var stderr: String
  var stdoutTail: String
  /// How many lines it printed in all.
  var stdoutLines: Int

  /// What went wrong, in a word, or nil when the session ended as a session should (0, or 1 for refusals).
  var failure: String? {
    if timedOut { return "stuck" }
    if signaled { return "crashed (signal \(status))" }
    if status != 0 && status != 1 { return "exited \(status)" }
    return nil
  }
}

/// Runs `users` with `arguments`, its standard input the lines, in `directory`; kills it after `timeout` seconds.
func runSession(
  users: String, arguments: [String], lines: [[UInt8]], directory: URL, timeout: Double
) throws -> SessionOutcome {
  let input = directory.appendingPathComponent("input-\(UUID().uuidString)")
  let output = directory.appendingPathComponent("output-\(UUID().uuidString)")
  let errors = directory.appendingPathComponent("errors-\(UUID().uuidString)")
  defer { for file in [input, output, errors] { try? FileManager.default.removeItem(at: file) } }
  var bytes: [UInt8] = []
  for line in lines { bytes += line + [10] }
  try Data(bytes).write(to: input)
  _ = FileManager.default.createFile(atPath: output.path, contents: nil)
  _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
  let process = Process()
  process.executableURL = URL(fileURLWithPath: users)
  process.arguments = arguments
  process.currentDirectoryURL = directory
  process.standardInput = try FileHandle(forReadingFrom: input)
  process.standardOutput = try FileHandle(forWritingTo: output)
  process.standardError = try FileHandle(forWritingTo: errors)
  var environment = ProcessInfo.processInfo.environment
  environment["NO_COLOR"] = "1"
  process.environment = environment
  let start = Date()
  // Told by the termination handler: Foundation's waitUntilExit polls a run loop, which on a thread without one
  // spins, and the fuzzer would take a core from the sessions it runs.
  let finished = DispatchSemaphore(value: 0)
  process.terminationHandler = { _ in finished.signal() }
  try process.run()
  let timedOut = finished.wait(timeout: .now() + timeout) == .timedOut
  if timedOut {
    kill(process.processIdentifier, SIGKILL)
    finished.wait()
  }
  let written = (try? Data(contentsOf: output)) ?? Data()
  return SessionOutcome(
    status: process.terminationStatus, signaled: process.terminationReason == .uncaughtSignal,
    timedOut: timedOut, seconds: Date().timeIntervalSince(start),
    stderr: String(decoding: (try? Data(contentsOf: errors)) ?? Data(), as: UTF8.self),
    stdoutTail: String(decoding: written.suffix(2_000), as: UTF8.self),
    stdoutLines: written.reduce(0) { $0 + ($1 == 10 ? 1 : 0) })
}

/// What is wrong with the files of a data folder, or nil: every user exports, every JSON file and line parses,
/// nothing was set aside as corrupt, and SQLite finds the database intact (when its shell is installed).
func damage(in folder: URL, users: String, scratch: URL) -> String? {
  let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
  if let aside = names.first(where: { $0.contains(".corrupt") }) { return "a file was set aside: \(aside)" }
  for name in names where name.hasSuffix(".json") || name.hasSuffix(".jsonl") {
    guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent(name).path) else {
      return "\(name) cannot be read"
    }
    let parts = name.hasSuffix(".jsonl") ? data.split(separator: 10).map { Data($0) } : [data]
    for part in parts where (try? JSONSerialization.jsonObject(with: part)) == nil {
      return "\(name) has a line that is not JSON: \(String(decoding: part.prefix(120), as: UTF8.self))"
    }
  }
  guard names.contains("users.db") else { return nil }
  let export = try? runSession(
    users: users, arguments: ["export", "-", "--data-dir", folder.path], lines: [], directory: scratch, timeout: 60)
  guard let export, export.failure == nil, export.status == 0 else {
    return "users export failed: \(export?.stderr ?? "did not start")"
  }
  if let sqlite = ["/usr/bin/sqlite3", "/usr/local/bin/sqlite3"].first(where: FileManager.default.isExecutableFile) {
    let check = Process()
    check.executableURL = URL(fileURLWithPath: sqlite)
    check.arguments = ["-readonly", folder.appendingPathComponent("users.db").path, "PRAGMA integrity_check;"]
    let pipe = Pipe()
    check.standardOutput = pipe
    let ended = DispatchSemaphore(value: 0)
    check.terminationHandler = { _ in ended.signal() }
    guard (try? check.run()) != nil else { return "sqlite3 did not start" }
    let answer = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    ended.wait()
    if answer.trimmingCharacters(in: .whitespacesAndNewlines) != "ok" { return "integrity_check: \(answer)" }
  }
  return nil
}

/// One session of a round: its options and the lines it was given.
struct PlannedSession {
  var options: [String]
  var lines: [[UInt8]]
}

/// The options a session starts with: most restore the last session's screens, some start fresh, a few browse
/// read-only, keep no timeline, record, or answer slowly.
func plannedOptions(_ maker: inout LineMaker) -> [String] {
  var options = ["--keep-going"]
  if maker.chance(30) { options.append("--fresh") }
  if maker.chance(8) { options.append("--read-only") }
  if maker.chance(5) { options += ["--timeline", "0"] }
  if maker.chance(5) { options += ["--record", "recording.jsonl"] }
  if maker.chance(3) { options += ["--latency", "2", "--wait", "50"] }
  if maker.chance(10) { options.append("--no-analytics") }
  return options
}

/// How long a session of `lines` lines may take before it counts as stuck: 20 s, plus 20 ms a line (a debug
/// build's slowest sessions take about 8 ms a line on 2 busy cores).
func sessionTimeout(lines: Int) -> Double { 20 + Double(lines) / 50 }

/// Shrinks `lines` to a short list that still fails as `kind` (one line at a time, then halves, as ddmin does),
/// each try on a copy of the folder as it was before the round. Gives up after `budget` runs.
func shrink(
  _ lines: [[UInt8]], options: [String], kind: String, before: URL, users: String, scratch: URL, budget: Int
) -> (lines: [[UInt8]], runs: Int) {
  var current = lines
  var runs = 0
  // A stuck session costs its whole timeout each try: shrinking stops after 15 minutes with what it has.
  let deadline = Date().addingTimeInterval(900)
  func fails(_ candidate: [[UInt8]]) -> Bool {
    runs += 1
    let folder = scratch.appendingPathComponent("shrink-\(runs)")
    try? FileManager.default.removeItem(at: folder)
    try? FileManager.default.copyItem(at: before, to: folder)
    defer { try? FileManager.default.removeItem(at: folder) }
    let outcome = try? runSession(
      users: users, arguments: options + ["--data-dir", folder.path], lines: candidate, directory: scratch,
      timeout: sessionTimeout(lines: candidate.count))
    let found = outcome?.failure ?? damage(in: folder, users: users, scratch: scratch).map { _ in "damaged" }
    return found.map { $0.hasPrefix(kind.prefix(5)) } ?? false
  }
  var chunk = max(1, current.count / 2)
  while chunk >= 1, runs < budget, Date() < deadline {
    var start = 0
    var removedAny = false
    while start < current.count, runs < budget, Date() < deadline {
      let candidate = Array(current[..<start] + current[min(current.count, start + chunk)...])
      if !candidate.isEmpty, fails(candidate) {
        current = candidate
        removedAny = true
      } else {
        start += chunk
      }
    }
    if !removedAny { chunk /= 2 }
  }
  return (current, runs)
}

/// Writes what a failing session needs to be run again: its lines, options, output, and the folder before.
func keep(
  _ session: PlannedSession, outcome: SessionOutcome?, kind: String, before: URL, in directory: URL
) throws {
  try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  var bytes: [UInt8] = []
  for line in session.lines { bytes += line + [10] }
  try Data(bytes).write(to: directory.appendingPathComponent("lines.txt"))
  let notes = """
    failure: \(kind)
    options: \(session.options.joined(separator: " "))
    run again: users \(session.options.joined(separator: " ")) --data-dir <a copy of folder-before> < lines.txt
    stderr:
    \(outcome?.stderr ?? "")
    last output:
    \(outcome?.stdoutTail ?? "")
    """
  try notes.write(to: directory.appendingPathComponent("failure.txt"), atomically: true, encoding: .utf8)
  try? FileManager.default.copyItem(at: before, to: directory.appendingPathComponent("folder-before"))
}

/// The counts the run prints at its end.
struct Tally {
  var lines = 0
  var sessions = 0
  var pairs = 0
  var seconds = 0.0
  var longest = 0.0
  var failures: [String] = []
  /// How many times a drained folder was given a new directory.
  var reseeds = 0
}

/// Reads `--name value` from the command line.
func argument(_ name: String) -> String? {
  let arguments = CommandLine.arguments
  guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
  return arguments[index + 1]
}

/// Deletes outpace adds among random lines: a folder left with fewer than 10 users loses its database, so the next
/// session seeds the directory again (as a first run does) and the lines keep meeting lists, pages and searches.
func replenishIfDrained(_ folder: URL, users: String, scratch: URL, tally: inout Tally) {
  guard FileManager.default.fileExists(atPath: folder.appendingPathComponent("users.db").path) else { return }
  let export = try? runSession(
    users: users, arguments: ["export", "-", "--data-dir", folder.path], lines: [], directory: scratch, timeout: 60)
  guard let export, export.status == 0, export.stdoutLines < 10 else { return }
  for name in ["users.db", "users.db-wal", "users.db-shm"] {
    try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))
  }
  tally.reseeds += 1
}

/// Runs one round: one session, or two at once on the same folder; returns the failures it found.
func runRound(
  _ planned: [PlannedSession], folder: URL, users: String, scratch: URL, tally: inout Tally
) throws -> [(PlannedSession, SessionOutcome?, String)] {
  let before = scratch.appendingPathComponent("before")
  try? FileManager.default.removeItem(at: before)
  try FileManager.default.copyItem(at: folder, to: before)
  let outcomes = UnsafeMutableBufferPointer<SessionOutcome?>.allocate(capacity: planned.count)
  defer { outcomes.deallocate() }
  outcomes.initialize(repeating: nil)
  DispatchQueue.concurrentPerform(iterations: planned.count) { index in
    let session = planned[index]
    outcomes[index] = try? runSession(
      users: users, arguments: session.options + ["--data-dir", folder.path], lines: session.lines,
      directory: scratch, timeout: sessionTimeout(lines: session.lines.count))
  }
  var found: [(PlannedSession, SessionOutcome?, String)] = []
  for (index, session) in planned.enumerated() {
    tally.sessions += 1
    tally.lines += session.lines.count
    guard let outcome = outcomes[index] else {
      found.append((session, nil, "did not start"))
      continue
    }
    tally.longest = max(tally.longest, outcome.seconds)
    if let failure = outcome.failure { found.append((session, outcome, failure)) }
  }
  if found.isEmpty, let damaged = damage(in: folder, users: users, scratch: scratch) {
    found.append((planned[0], outcomes[0], "damaged: \(damaged)"))
  }
  if found.isEmpty { replenishIfDrained(folder, users: users, scratch: scratch, tally: &tally) }
  return found
}

/// The whole run: rounds until `total` lines were typed, then the summary.
func main() throws {
  guard let users = argument("--users"), let total = argument("--lines").flatMap(Int.init),
    let seed = argument("--seed").flatMap(UInt64.init), let out = argument("--out")
  else {
    FileHandle.standardError.write(Data("usage: session-fuzzer --users BIN --lines N --seed S --out DIR\n".utf8))
    exit(2)
  }
  let label = argument("--label") ?? "users"
  // Progress shows as it happens when the output goes to a file or a pipe.
  setvbuf(stdout, nil, _IOLBF, 0)
  let root = URL(fileURLWithPath: out).appendingPathComponent("\(label)-\(seed)")
  try? FileManager.default.removeItem(at: root)
  let scratch = root.appendingPathComponent("scratch")
  try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
  let folders = (0..<3).map { root.appendingPathComponent("folder-\($0)") }
  for folder in folders { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
  var maker = LineMaker(random: SeededGenerator(state: seed))
  var tally = Tally()
  let start = Date()
  var round = 0
  var nextReport = 100_000
  while tally.lines < total {
    round += 1
    let count = round % 5 == 0 ? 2 : 1
    tally.pairs += count - 1
    let planned = (0..<count).map { _ in
      PlannedSession(
        options: plannedOptions(&maker),
        lines: (0..<Int.random(in: 100...3_000, using: &maker.random)).map { _ in maker.line() })
    }
    let folder = folders[round % folders.count]
    for (session, outcome, kind) in try runRound(planned, folder: folder, users: users, scratch: scratch, tally: &tally)
    {
      let directory = root.appendingPathComponent("failure-\(tally.failures.count + 1)")
      let before = scratch.appendingPathComponent("before")
      try keep(session, outcome: outcome, kind: kind, before: before, in: directory)
      if planned.count > 1 {
        // One session alone does not replay a race between two: the pair is kept as it ran, unshrunk.
        for (index, other) in planned.enumerated() {
          var bytes: [UInt8] = []
          for line in other.lines { bytes += line + [10] }
          try Data(bytes).write(to: directory.appendingPathComponent("session-\(index + 1)-lines.txt"))
          try (other.options.joined(separator: " ") + "\n").write(
            to: directory.appendingPathComponent("session-\(index + 1)-options.txt"), atomically: true,
            encoding: .utf8)
        }
        tally.failures.append(
          "round \(round): \(kind); two sessions at once, kept as they ran (\(directory.path))")
      } else {
        let shrunk = shrink(
          session.lines, options: session.options, kind: kind, before: before, users: users, scratch: scratch,
          budget: 300)
        var bytes: [UInt8] = []
        for line in shrunk.lines { bytes += line + [10] }
        try Data(bytes).write(to: directory.appendingPathComponent("shrunk.txt"))
        tally.failures.append(
          "round \(round): \(kind); \(session.lines.count) lines shrunk to \(shrunk.lines.count) in \(shrunk.runs) "
            + "runs (\(directory.path))")
      }
      print("FAILURE " + tally.failures.last!)
      // A failing folder is started again from the copy before the round, so one fault is not found 1,000 times.
      try? FileManager.default.removeItem(at: folder)
      try FileManager.default.copyItem(at: before, to: folder)
    }
    if tally.lines >= nextReport {
      print("\(label): \(tally.lines) lines, \(tally.sessions) sessions, \(Int(Date().timeIntervalSince(start))) s")
      nextReport += 100_000
    }
  }
  tally.seconds = Date().timeIntervalSince(start)
  let summary = """
    \(label), seed \(seed): \(tally.lines) lines typed in \(tally.sessions) sessions (\(tally.pairs) rounds of two \
    sessions at once on one folder), \(Int(tally.seconds)) s, \(Int(Double(tally.lines) / tally.seconds)) lines/s, \
    longest session \(String(format: "%.1f", tally.longest)) s, \(tally.reseeds) folders seeded again after \
    falling under 10 users
    crashes: \(tally.failures.filter { $0.contains("crashed") || $0.contains("exited") }.count), \
    stuck: \(tally.failures.filter { $0.contains("stuck") }.count), \
    damaged folders: \(tally.failures.filter { $0.contains("damaged") }.count)
    \(tally.failures.joined(separator: "\n"))
    """
  print(summary)
  try summary.write(to: root.appendingPathComponent("summary.txt"), atomically: true, encoding: .utf8)
  try? FileManager.default.removeItem(at: scratch)
  exit(tally.failures.isEmpty ? 0 : 1)
}

try main()
