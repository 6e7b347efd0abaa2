import AppFeature
import Composable
import Dispatch
import Foundation
import Sharing
import TerminalUI
import UserClientInterface
import UsersShell

// (g) The app on the directory in SQLite at 10,000, 100,000 and 1,000,000 users, as the terminal session drives
// it: each command is parsed against the screen, sent, its work awaited, and the screen rendered again; the first
// screen is the whole start of `users` in this process (options, data folder, database, first page, render).

/// One measured step of (g): what it does and its bound in milliseconds.
struct LargeDirectoryStep {
  let name: String
  let bound: Double
  let run: @MainActor () async -> Void
}

/// `count` users with varied names and cities, ids 1…count.
func largeDirectory(_ count: Int) -> [User] {
  let first = ["Ada", "Grace", "Alan", "Edsger", "Barbara", "Donald", "Hedy", "Ken", "Radia", "Linus"]
  let last = ["Lovelace", "Hopper", "Turing", "Dijkstra", "Liskov", "Knuth", "Lamarr", "Thompson", "Wirth"]
  let cities = ["London", "Paris", "Zurich", "Oslo", "Austin", "Lisbon", "Berlin", "New York"]
  return (1...count).map { index in
    let name = "\(first[index % first.count]) \(last[(index / 7) % last.count]) \(index)"
    return User(
      id: User.ID(index), name: name, email: "user\(index)@example.com", city: cities[(index / 3) % cities.count])
  }
}

/// Measures (g) at each of `sizes` (one column each) and prints its table; returns whether every bound was met.
@MainActor func measureLargeDirectory(sizes: [Int], rounds: Int) async -> Bool {
  var columns: [[Double]] = []
  var steps: [(name: String, bound: Double)] = []
  var memory: [Int?] = []
  for size in sizes {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bench-users-\(getpid())-\(size)")
    try? FileManager.default.removeItem(at: folder)
    try! FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    // A copy of the seeded database: the steps change a few users.
    try! FileManager.default.copyItem(
      at: try! seededDatabase(size: size).file, to: folder.appendingPathComponent("users.db"))
    try! Data(#"{"onboardingCompleted": true}"#.utf8).write(to: folder.appendingPathComponent("settings.json"))
    let measured = await largeDirectorySteps(folder: folder, size: size)
    var samples = Array(repeating: [Double](), count: measured.count)
    for _ in 0..<rounds {
      for (index, step) in measured.enumerated() {
        let start = DispatchTime.now().uptimeNanoseconds
        await step.run()
        samples[index].append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000)
      }
    }
    columns.append(samples.map { Samples.median(of: $0) })
    steps = measured.map { ($0.name, $0.bound) }
    memory.append(ProcessMemory.residentBytes())
  }
  print("\n(g) the app on the directory in SQLite: milliseconds per command (parse, send, effects, render)")
  print(pad("", 36) + sizes.map { pad(String($0), 12) }.joined() + "bound")
  var allMet = true
  for (row, step) in steps.enumerated() {
    let worst = columns.map { $0[row] }.max() ?? 0
    let met = worst <= step.bound
    allMet = allMet && met
    print(
      pad(step.name, 36) + columns.map { pad(String(format: "%.2f", $0[row]), 12) }.joined()
        + "<= \(Int(step.bound)) ms \(met ? "met" : "MISSED")")
  }
  print(
    pad("resident memory after (MB)", 36)
      + memory.map { pad($0.map { String($0 / 1_048_576) } ?? "?", 12) }.joined())
  return allMet
}

/// The app's store over the live client on a folder, driven as the terminal session drives it.
@MainActor final class AppDriver {
  let store: Store<AppFeature.State, AppFeature.Action>
  let view: any TerminalView<AppFeature.State, AppFeature.Action> = appView()

  /// The app on `folder`'s users, its list loaded and drawn.
  init(folder: URL) async {
    let storage = SharedStorage(fileSystem: .inMemory(), directory: folder)
    store = Store(
      initialState: AppFeature.State(), reducer: AppFeature(),
      withDependencies: {
        $0[UserClient.self] = .live(directory: folder)
        $0.sharedStorage = storage
      })
    await store.send(.list(.task)).finish()
    _ = view.render(store.currentState, style: .plain)
  }

  /// Parses `line` against the screen, sends it, waits for its work, and renders: what one typed command costs.
  func command(_ line: String) async {
    guard case let .success(action) = view.action(for: line, in: store.currentState) else {
      fatalError("the benchmark's command '\(line)' was refused")
    }
    await send(action)
  }

  /// Sends an action the session sends itself (a search once typing pauses), waits, then renders.
  func send(_ action: AppFeature.Action) async {
    await store.send(action).finish()
    blackHole(view.render(store.currentState, style: .plain))
  }

  /// Sends what the screen in front says when it appears (the list read again after a change elsewhere).
  func appear() async {
    if let appear = view.appearAction(for: store.currentState) { await send(appear) }
  }

  /// `back`, the session's own command: it sends what the screen says closes it.
  func back() async {
    await send(view.backAction(for: store.currentState)!)
    await appear()
  }
}

/// The steps of (g): a whole start of `users` on `folder`, then commands on the app's store over the live client.
@MainActor func largeDirectorySteps(folder: URL, size: Int) async -> [LargeDirectoryStep] {
  let script = folder.appendingPathComponent("empty-script")
  try! Data().write(to: script)
  let app = await AppDriver(folder: folder)
  let silent = UsersShell.IO(
    readLine: { nil }, write: { _ in }, writeError: { _ in }, isInteractive: false, environment: [:])
  var edits = 0
  return [
    LargeDirectoryStep(name: "first screen (start, open, render)", bound: 150) {
      let code = await UsersShell.run(
        arguments: ["--data-dir", folder.path, "--fresh", "--no-analytics", "--script", script.path], io: silent)
      precondition(code == 0)
    },
    LargeDirectoryStep(name: "search “l” (applied)", bound: 50) { await app.send(.list(.queryApplied("l"))) },
    LargeDirectoryStep(name: "search “lo” (applied)", bound: 50) { await app.send(.list(.queryApplied("lo"))) },
    LargeDirectoryStep(name: "search “lovel” (applied)", bound: 50) {
      await app.send(.list(.queryApplied("lovel")))
    },
    LargeDirectoryStep(name: "search cleared (applied)", bound: 50) { await app.send(.list(.queryApplied(""))) },
    LargeDirectoryStep(name: "sort city", bound: 50) { await app.command("sort city") },
    LargeDirectoryStep(name: "sort name", bound: 50) { await app.command("sort name") },
    LargeDirectoryStep(name: "next", bound: 50) { await app.command("next") },
    LargeDirectoryStep(name: "page \(size / 40) (the middle)", bound: 50) { await app.command("page \(size / 40)") },
    LargeDirectoryStep(name: "fav (a row of the page)", bound: 50) { await app.command("fav \(size / 40 * 20 - 17)") },
    LargeDirectoryStep(name: "open (a row of the page)", bound: 50) {
      await app.command("open \(size / 40 * 20 - 17)")
    },
    LargeDirectoryStep(name: "edit + save (form to detail)", bound: 50) {
      edits += 1
      await app.command("edit")
      await app.command("city Edited \(edits)")
      await app.command("save")
    },
    LargeDirectoryStep(name: "back (list read again)", bound: 50) { await app.back() },
    LargeDirectoryStep(name: "add + save", bound: 50) {
      edits += 1
      await app.command("add")
      await app.command("name Bench Person \(edits)")
      await app.command("email bench.\(edits)@example.org")
      await app.command("save")
    },
    LargeDirectoryStep(name: "delete (from the detail)", bound: 50) {
      await app.command("delete")
      await app.command("delete")
      await app.appear()
    },
  ]
}
