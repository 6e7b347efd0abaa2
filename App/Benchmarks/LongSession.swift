import Foundation
import TerminalHarness

// (n) One live `users` session at a pseudo-terminal, with the debugger on (its timeline of the last 1,000 actions),
// driven by 100,000 commands: the list, a pushed user, the edit form saved, the delete alert, the add sheet, the
// settings, the about screen, searches and pages, and the debugger's own commands. A long session must stay small:
// its resident memory may grow by at most 5 MB after the first 1,000 commands, and what is alive at the list
// (`:alive`) must be what it was then.

/// The commands one round types, each answered by a whole screen before the next; a round starts and ends at the
/// list. `%d` in a command is the round's number, so each save writes a new name.
let longSessionRound = [
  "open 1", "back", "open 2", "edit", "name Soak %d", "save", "back", "delete 3", "cancel", "add", "cancel",
  "settings", "done", "info", "done", "search a", "next", "next", "prev", "search", "page 5", "page 1",
  ":timeline", ":effects",
]

/// What (n) measured: resident memory and `:alive` at the list, after the first 1,000 commands and at the end.
struct LongSessionResult {
  var commands = 0
  var seconds = 0.0
  var baselineBytes: Int?
  var finalBytes: Int?
  /// Resident memory every 10,000 commands, for the curve.
  var samples: [(commands: Int, bytes: Int?)] = []
  var baselineAlive = ""
  var finalAlive = ""
  var failure: String?

  /// How much resident memory grew after the baseline, in bytes.
  var growth: Int? { finalBytes.flatMap { final in baselineBytes.map { final - $0 } } }
}

/// Runs (n) for `commands` commands on `users` beside this executable, prints it, and returns whether both bounds
/// were met.
func measureLongSession(commands: Int) -> Bool {
  let users = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("users")
  guard FileManager.default.isExecutableFile(atPath: users.path) else {
    print("\n(n) skipped: no users binary beside Benchmarks (Scripts/bench and Scripts/long-session build it)")
    return false
  }
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bench-long-session-\(getpid())")
  defer { try? FileManager.default.removeItem(at: folder) }
  let result: LongSessionResult
  do {
    try? FileManager.default.removeItem(at: folder)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try seedDatabase(file: folder.appendingPathComponent("users.db"), count: 1_000)
    try Data(#"{"onboardingCompleted": true}"#.utf8).write(to: folder.appendingPathComponent("settings.json"))
    result = try runLongSession(users, folder: folder, commands: commands)
  } catch {
    print("\n(n) could not run: \(error)")
    return false
  }
  return printLongSession(result)
}

/// Drives the session and measures it.
private func runLongSession(_ users: URL, folder: URL, commands: Int) throws -> LongSessionResult {
  let terminal = try PseudoTerminal(rows: 40, columns: 160)
  try terminal.launch(users, ["--data-dir", folder.path, "--fresh"])
  var result = LongSessionResult()
  guard terminal.block(until: "Users (1000 of 1000", timeout: .seconds(20)) else {
    result.failure = "the session did not start"
    return result
  }
  let process = terminal.process.processIdentifier
  let started = DispatchTime.now().uptimeNanoseconds
  var round = 0
  while result.commands < commands, result.failure == nil {
    round += 1
    for command in longSessionRound where result.failure == nil {
      terminal.forget()
      terminal.type(command.replacingOccurrences(of: "%d", with: String(round)) + "\r")
      result.commands += 1
      if !terminal.block(timeout: .seconds(10), until: isAnswer) {
        result.failure = "no answer within 10 s to command \(result.commands), '\(command)'"
      }
    }
    // At the list again: the checkpoints.
    if result.baselineBytes == nil, result.commands >= 1_000 {
      result.baselineAlive = alive(terminal)
      result.baselineBytes = ProcessMemory.residentBytes(of: process)
    }
    if result.commands / 10_000 > result.samples.count {
      result.samples.append((result.commands, ProcessMemory.residentBytes(of: process)))
      // Progress on standard error, as it goes: a long run says where it is.
      let seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
      FileHandle.standardError.write(Data("(n) \(result.commands) commands, \(Int(seconds)) s\n".utf8))
    }
  }
  result.seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
  if result.failure == nil {
    result.finalAlive = alive(terminal)
    result.finalBytes = ProcessMemory.residentBytes(of: process)
  }
  terminal.type("quit\r")
  let deadline = Date().addingTimeInterval(10)
  while terminal.process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
  if terminal.process.isRunning {
    terminal.process.terminate()
    result.failure = result.failure ?? "the session did not end within 10 s of 'quit'"
  } else if result.failure == nil, terminal.process.terminationStatus != 0 {
    result.failure = "the session ended with status \(terminal.process.terminationStatus)"
  }
  return result
}

/// Whether `output` holds a whole answer: a whole screen, with no work still going on (a screen shown while a save
/// or a page takes longer than the session waits is drawn again once the work is done: that is the answer).
private func isAnswer(_ output: String) -> Bool {
  guard PseudoTerminal.holdsWholeScreen(output, prompt: "users> ") else { return false }
  return !output.components(separatedBy: PseudoTerminal.screenClear).last!.contains("Working…")
}

/// What `:alive` prints at the list once the screen is quiet, from its first count to its file watches.
private func alive(_ terminal: PseudoTerminal) -> String {
  // Work a command left running (a page loading) settles first.
  Thread.sleep(forTimeInterval: 0.3)
  terminal.forget()
  terminal.type(":alive\r")
  guard terminal.block(until: "file watches (the whole process): "), terminal.block(until: "users> ") else {
    return "(no answer)"
  }
  let output = terminal.output
  guard let start = output.range(of: "stores: "), let watches = output.range(of: "file watches (the whole process): ")
  else { return output }
  let end = output[watches.upperBound...].firstIndex(where: \.isNewline) ?? output.endIndex
  return String(output[start.lowerBound..<end]).replacingOccurrences(of: "\r", with: "")
}

/// Prints (n); true when memory grew by at most 5 MB after the baseline and `:alive` was the same.
private func printLongSession(_ result: LongSessionResult) -> Bool {
  let megabytes = { (bytes: Int?) in bytes.map { String(format: "%.1f MB", Double($0) / 1_048_576) } ?? "?" }
  print("\n(n) one live users session, debugger on, \(result.commands) commands in \(Int(result.seconds)) s")
  if let failure = result.failure {
    print("  FAILED: \(failure)")
    return false
  }
  print("  resident memory after 1,000 commands: \(megabytes(result.baselineBytes))")
  for sample in result.samples { print("  after \(sample.commands): \(megabytes(sample.bytes))") }
  let growthMet = result.growth.map { $0 <= 5 * 1_048_576 } ?? false
  print("  grew by \(megabytes(result.growth)) after the first 1,000 commands: <= 5 MB \(growthMet ? "met" : "MISSED")")
  let aliveMet = !result.baselineAlive.isEmpty && result.baselineAlive == result.finalAlive
  print("  :alive at the list, the same as after 1,000 commands: \(aliveMet ? "met" : "MISSED")")
  if !aliveMet {
    print("  after 1,000 commands:\n\(result.baselineAlive)\n  at the end:\n\(result.finalAlive)")
  }
  return growthMet && aliveMet
}
