import ComposableTesting
import Foundation
import UserClient
import UsersShell

/// A data folder of its own for one test, removed when the test ends.
final class TemporaryFolder {
  let url: URL

  init() {
    url = FileManager.default.temporaryDirectory.appendingPathComponent("users-shell-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(at: url) }

  /// The path of `name` inside the folder.
  func path(_ name: String) -> String { url.appendingPathComponent(name).path }

  /// Writes `users` as the directory's users.json, for a returning user (the tour done) unless `firstRun`.
  func seed(_ users: [User], firstRun: Bool = false) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    try encoder.encode(users).write(to: url.appendingPathComponent("users.json"))
    if !firstRun { try completeOnboarding() }
  }

  /// Writes settings.json with the tour completed, as after a first run.
  func completeOnboarding() throws {
    try Data(#"{"onboardingCompleted": true}"#.utf8).write(to: url.appendingPathComponent("settings.json"))
  }

  /// The text of `name` in the folder, or nil when it does not exist.
  func text(_ name: String) -> String? {
    try? String(contentsOf: url.appendingPathComponent(name), encoding: .utf8)
  }

  /// The users in users.json now.
  func storedUsers() throws -> [User] {
    try JSONDecoder().decode([User].self, from: Data(contentsOf: url.appendingPathComponent("users.json")))
  }
}

/// What one run of the shell printed and returned.
struct ShellRun {
  let exitCode: Int32
  let output: String
  let errors: String
}

/// Runs `users` in process with `arguments`, `input` as piped standard input, and no terminal.
@MainActor func runShell(
  _ arguments: [String], input: [String] = [], interactive: Bool = false, environment: [String: String] = [:]
) async -> ShellRun {
  let output = LockIsolated("")
  let errors = LockIsolated("")
  let lines = LockIsolated(input[...])
  let io = UsersShell.IO(
    readLine: { lines.withValue { $0.popFirst() } },
    write: { text in output.withValue { $0 += text } },
    writeError: { text in errors.withValue { $0 += text } },
    isInteractive: interactive, environment: environment)
  let code = await UsersShell.run(arguments: arguments, io: io)
  return ShellRun(exitCode: code, output: output.value, errors: errors.value)
}

let ada = User(id: 1, name: "Ada Lovelace", email: "ada@example.com", city: "London")
let grace = User(id: 2, name: "Grace Hopper", email: "grace@example.com", city: "New York")
let alan = User(id: 3, name: "Alan Turing", email: "alan@example.com", city: "Manchester")
