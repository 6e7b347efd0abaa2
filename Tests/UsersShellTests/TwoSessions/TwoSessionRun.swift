import TerminalHarness
import Foundation
import SystemSQLite
import UserClientInterface
import UserClientLive

/// One run of a two-session script: two live `users` sessions on one scratch folder, at pseudo-terminals, each
/// line typed once the screen it changes has settled, then the properties checked.
@MainActor final class TwoSessionRun {
  let script: TwoSessionScript
  let folder = TemporaryFolder()
  private var terminals: [PseudoTerminal] = []
  /// What the sessions saw happen.
  private var noted = SessionNotes()
  /// Every line typed, as `1: open 2`: the order the sessions typed in.
  var typed: [String] { noted.typed }
  /// How many saves the sessions saw refused.
  var refusedSaves: Int { noted.refused }
  /// How often an open form said another session had saved its user.
  var toldOfOtherSaves: Int { noted.told }
  /// How many lines were typed.
  private(set) var linesTyped = 0
  /// Changes the files once both sessions ended, before they are checked: what a lost write looks like, so the
  /// checks are seen to fail.
  var tamper: ((TemporaryFolder) throws -> Void)?
  /// A line whose answer comes late: its session is stopped as it is typed and let go after `seconds`, as a
  /// build slowed by the race detector answers, so the bookkeeping is seen to wait for the whole screen.
  var lateAnswer: (session: Int, line: String, seconds: Int)?

  /// The users the folder starts with.
  static let seeded: [User] = (1...6).map { number in
    User(
      id: User.ID(number), name: "Person \(number)", email: "person\(number)@example.com", city: "Town")
  }

  init(_ script: TwoSessionScript) {
    self.script = script
  }

  /// Runs the script and returns the properties it broke (empty: none).
  func run() async throws -> [String] {
    try folder.seed(Self.seeded)
    for _ in 0..<2 {
      let terminal = try PseudoTerminal(rows: 40, columns: 160)
      try terminal.launch(usersExecutable, ["--data-dir", folder.url.path, "--fresh"])
      terminals.append(terminal)
      guard await terminal.waitFor("Person 6", timeout: .seconds(20)) else { return ["a session did not start"] }
    }
    _ = await type("sort id", in: 0)
    var sessions = [SessionProgress(steps: script.steps[0]), SessionProgress(steps: script.steps[1])]
    var turn = 0
    while !(sessions[0].isDone && sessions[1].isDone) {
      var session = turn < script.turns.count ? script.turns[turn] : turn % 2
      if sessions[session].isDone { session = 1 - session }
      turn += 1
      guard let (step, line) = sessions[session].nextLine() else { continue }
      let output = await type(line, in: session)
      sessions[session].saw(Self.screen(output), after: line, of: step, noting: &self.noted, session: session)
      // After every line: both sessions alive, the files intact and holding what was seen saved.
      let broken =
        terminals.indices.filter { !terminals[$0].process.isRunning }.map { "session \($0 + 1) crashed" }
        + checkTheFiles(favoritesToo: false)
        + noted.unanswered.map { "no whole screen within 15 s after \($0)" }
      if !broken.isEmpty { return broken.map { "after \(session + 1): \(line) — \($0)" } }
    }
    // Quiet: each session has seen the other's last change (the watch polls every 200 ms, files at once). On a
    // loaded machine that can take longer: the screens are checked until they hold, for 10 s at most.
    var broken: [String] = []
    let deadline = ContinuousClock.now + .seconds(10)
    repeat {
      try? await Task.sleep(for: .milliseconds(200))
      broken = []
      for session in 0..<2 { broken += await checkTheScreen(of: session) }
    } while !broken.isEmpty && ContinuousClock.now < deadline
    for session in 0..<2 {
      terminals[session].type("quit\r")
      let status = await terminals[session].waitForExit(timeout: .seconds(10))
      if status != 0 { broken.append("session \(session + 1) ended with \(status.map(String.init) ?? "no exit")") }
    }
    try tamper?(folder)
    return broken + checkTheFiles(favoritesToo: true)
  }

  /// Types `line` and Return into `session`, and waits until its screen has settled: a whole screen drawn (its
  /// prompt written after the last clear) and nothing more for 60 ms. What it wrote meanwhile. A build slowed by
  /// the race detector can take seconds to answer: a screen read before it is whole would note a toggle or a save
  /// as refused when it landed, so it waits up to 15 s and notes a session that never answered.
  private func type(_ line: String, in session: Int) async -> String {
    let terminal = terminals[session]
    let start = terminal.mark
    if let late = lateAnswer, late.session == session, late.line == line {
      let process = terminal.process.processIdentifier
      kill(process, SIGSTOP)
      Task {
        try? await Task.sleep(for: .seconds(late.seconds))
        kill(process, SIGCONT)
      }
    }
    terminal.type(line + "\r")
    linesTyped += 1
    let deadline = ContinuousClock.now + .seconds(15)
    var last = start
    var quietSince = ContinuousClock.now
    while ContinuousClock.now < deadline {
      try? await Task.sleep(for: .milliseconds(10))
      let now = terminal.mark
      if now != last {
        last = now
        quietSince = ContinuousClock.now
      } else if now > start, ContinuousClock.now - quietSince >= .milliseconds(60),
        Self.isWhole(terminal.output(since: start))
      {
        return terminal.output(since: start)
      }
    }
    noted.unanswered.append("\(session + 1): \(line)")
    return terminal.output(since: start)
  }

  /// Whether `output` holds a screen drawn to its end.
  static func isWhole(_ output: String) -> Bool {
    PseudoTerminal.holdsWholeScreen(output, prompt: prompt)
  }

  /// What the app writes once a screen is drawn and it waits for a line.
  static let prompt = "users> "

  /// The last screen drawn in `output`, lines joined by "\n" (the terminal's carriage returns dropped).
  static func screen(_ output: String) -> String {
    let last = output.components(separatedBy: PseudoTerminal.screenClear).last ?? ""
    return last.replacingOccurrences(of: "\r", with: "")
  }

  /// The list each session shows once quiet must agree with the files: its count, and the stars of rows 1–6.
  private func checkTheScreen(of session: Int) async -> [String] {
    // Back to the list: a user the other session deleted leaves its screen saying so, with the list behind it.
    for _ in 0..<4 where !Self.screen(terminals[session].output).hasPrefix("Users (") {
      _ = await type("back", in: session)
    }
    _ = await type("page 1", in: session)
    let screen = Self.screen(await type("reload", in: session))
    guard let users = try? folder.storedUsers(), let favorites = storedFavorites() else { return [] }
    var broken: [String] = []
    if !screen.contains("Users (\(users.count) of \(users.count), sorted by id)") {
      let header = screen.split(separator: "\n").first.map(String.init) ?? "(nothing)"
      broken.append("session \(session + 1) shows '\(header)' with \(users.count) users in users.db")
    }
    for row in 1...6 {
      // Row numbers are right-aligned: " 4. ★ Person 4" once there are ten rows.
      let starred = screen.split(separator: "\n").contains { $0.drop { $0 == " " }.hasPrefix("\(row). ★ ") }
      if starred != favorites.contains(row) {
        broken.append(
          "session \(session + 1) shows row \(row) \(starred ? "starred" : "unstarred"), favorites.json says otherwise")
      }
    }
    return broken
  }

  /// The files: readable, intact, and holding every change a session saw saved (its favorites too once quiet).
  private func checkTheFiles(favoritesToo: Bool) -> [String] {
    var broken: [String] = []
    do {
      let database = try SQLiteDatabase(path: folder.path("users.db"))
      let integrity = try database.firstRow("PRAGMA integrity_check") { $0.text(0) }
      if integrity != "ok" { broken.append("users.db: integrity_check says \(integrity ?? "nothing")") }
    } catch {
      broken.append("users.db cannot be opened: \(error)")
    }
    for name in ["favorites.json", "settings.json"] {
      guard let data = FileManager.default.contents(atPath: folder.path(name)) else { continue }
      if (try? JSONSerialization.jsonObject(with: data)) == nil { broken.append("\(name) is not JSON") }
    }
    guard let users = try? folder.storedUsers() else { return broken + ["users.db cannot be read"] }
    let names = Dictionary(users.map { ($0.id.rawValue, $0.name) }, uniquingKeysWith: { first, _ in first })
    var expected: [Int: String] = [:]
    for rename in noted.renames { expected[rename.id] = rename.name }
    for (id, name) in expected.sorted(by: { $0.key < $1.key }) where names[id] != name {
      broken.append("lost update: user \(id) was saved as \(name), users.db has \(names[id] ?? "no such user")")
    }
    for name in noted.added where !noted.deleted.contains(name) && users.filter({ $0.name == name }).count != 1 {
      broken.append("lost add: \(name) was saved, users.db has it \(users.filter { $0.name == name }.count) times")
    }
    // Favorites saved within 100 ms of the last save wait for the end of that window, and a confirmed delete
    // lands after its confirmation leaves the screen: both are checked once quiet.
    guard favoritesToo else { return broken }
    for name in noted.deleted.sorted() where users.contains(where: { $0.name == name }) {
      broken.append("lost delete: \(name) was deleted, users.db still has it")
    }
    let favorites = storedFavorites() ?? []
    let toggles = noted.toggles
    for row in 1...6 where (toggles[0][row] ?? 0) == 0 || (toggles[1][row] ?? 0) == 0 {
      let count = (toggles[0][row] ?? 0) + (toggles[1][row] ?? 0)
      if favorites.contains(row) == !count.isMultiple(of: 2) { continue }
      broken.append("lost favorite: row \(row) toggled \(count) times by one session, favorites.json says otherwise")
    }
    return broken
  }

  /// The ids in favorites.json (empty when there is none yet), nil when it cannot be read.
  private func storedFavorites() -> Set<Int>? {
    guard let data = FileManager.default.contents(atPath: folder.path("favorites.json")) else { return [] }
    return try? JSONDecoder().decode(Set<Int>.self, from: data)
  }
}

/// What the sessions saw saved, in the order it showed: the checks compare the files with it.
struct SessionNotes {
  /// Each rename a session saw saved: the last one of a user must be in the file.
  var renames: [(id: Int, name: String)] = []
  /// The names the sessions added and saw saved.
  var added: [String] = []
  /// The names the sessions confirmed deleting.
  var deleted: Set<String> = []
  /// How often each session toggled each row.
  var toggles: [[Int: Int]] = [[:], [:]]
  /// Every line typed, with its session: the order a failure is replayed in.
  var typed: [String] = []
  /// How many saves a session saw refused (another session saved the user since the form opened), and how many
  /// times an open form said another session had just saved its user.
  var refused = 0
  var told = 0
  /// The lines after which a session drew no whole screen in time (its screen could not be read).
  var unanswered: [String] = []
}

/// Where one session is in its steps: the lines still to type for the step under way, decided as its screens show.
struct SessionProgress {
  private var steps: ArraySlice<SessionStep>
  private var current: SessionStep?
  private var pending: [String] = []
  /// The user a delete confirmation on screen names.
  private var deleting: String?

  /// The name in a delete confirmation (`! Delete S1a3?`), if the screen shows one.
  static func confirmedName(in screen: String) -> String? {
    guard let line = screen.split(separator: "\n").first(where: { $0.hasPrefix("! Delete ") && $0.hasSuffix("?") })
    else { return nil }
    return String(line.dropFirst("! Delete ".count).dropLast())
  }

  init(steps: [SessionStep]) {
    self.steps = steps[...]
  }

  /// Whether every step was taken.
  var isDone: Bool { pending.isEmpty && steps.isEmpty }

  /// The next line to type and the step it belongs to.
  mutating func nextLine() -> (SessionStep, String)? {
    if pending.isEmpty {
      guard let step = steps.popFirst() else { return nil }
      current = step
      pending = step.lines
    }
    guard let current else { return nil }
    return (current, pending.removeFirst())
  }

  /// Decides what follows `line` of `step` from the screen it left, and notes what was saved.
  mutating func saw(
    _ screen: String, after line: String, of step: SessionStep, noting notes: inout SessionNotes, session: Int
  ) {
    notes.typed.append("\(session + 1): \(line)")
    if screen.contains("Another session just saved this user") { notes.told += 1 }
    switch step {
    case let .rename(row, name):
      if line.hasPrefix("open"), !screen.contains("id:    \(row)") { pending = [] }
      guard line == "save" else { return }
      if screen.hasPrefix(name) {
        notes.renames.append((row, name))
        pending = ["back"]
      } else {
        // Refused, with the form still open and saying why: leave it.
        notes.refused += 1
        pending = ["cancel", "back"]
      }
    case let .add(name):
      guard line == "save" else { return }
      if screen.hasPrefix(name) {
        notes.added.append(name)
        pending = ["back"]
      } else {
        pending = ["cancel", "back"]
      }
    case let .favorite(row):
      // Typed on another screen (a deleted user's, left open), the command is refused: nothing toggled.
      if screen.hasPrefix("Users (") { notes.toggles[session][row, default: 0] += 1 }
    case .delete:
      if line.hasPrefix("delete ") {
        // The confirmation names the user; no confirmation (no such row yet): nothing to confirm.
        guard let name = Self.confirmedName(in: screen) else {
          pending = []
          return
        }
        deleting = name
      } else if let name = deleting {
        notes.deleted.insert(name)
        deleting = nil
      }
    case .page:
      return
    }
  }
}
