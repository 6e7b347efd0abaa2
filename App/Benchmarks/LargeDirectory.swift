import AppFeature
import Composable
import Dispatch
import Foundation
import Sharing
import TerminalUI
import UserClientInterface
import UsersShell

// (g) The app on a directory of 100,000 users, as the terminal session drives it: each command is parsed
// against the screen, sent, and the screen rendered again; the first screen is the whole start of `users` in
// this process (options, data folder, load and decode of users.json, first render) with an empty script.

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

/// Measures (g) and prints its table; returns whether every bound was met.
@MainActor func measureLargeDirectory(count: Int, rounds: Int) async -> Bool {
  let users = largeDirectory(count)
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bench-users-\(getpid())")
  try? FileManager.default.removeItem(at: folder)
  try! FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: folder) }
  try! JSONEncoder().encode(users).write(to: folder.appendingPathComponent("users.json"))
  let steps = largeDirectorySteps(users: users, folder: folder)
  var samples = Array(repeating: [Double](), count: steps.count)
  for _ in 0..<rounds {
    for (index, step) in steps.enumerated() {
      let start = DispatchTime.now().uptimeNanoseconds
      await step.run()
      samples[index].append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000)
      // The effects a step started (a detail's load) run here, outside the timing.
      for _ in 0..<5 { await Task.yield() }
    }
  }
  print("\n(g) \(count) users: milliseconds per command (parse + reduce + render), median of \(rounds)")
  var allMet = true
  for (index, step) in steps.enumerated() {
    let median = Samples.median(of: samples[index])
    let met = median <= step.bound
    allMet = allMet && met
    print(
      pad(step.name, 36) + pad(String(format: "%.2f", median), 12)
        + "<= \(Int(step.bound)) ms \(met ? "met" : "MISSED")")
  }
  return allMet
}

/// The steps of (g): a whole start on `folder`'s users.json, then commands on a store holding `users`.
@MainActor func largeDirectorySteps(users: [User], folder: URL) -> [LargeDirectoryStep] {
  let script = folder.appendingPathComponent("empty-script")
  try! Data().write(to: script)

  let storage = SharedStorage(fileSystem: .inMemory(), directory: folder)
  let store = Store(
    initialState: AppFeature.State(), reducer: AppFeature(),
    withDependencies: {
      $0[UserClient.self] = .inMemory(users)
      $0.sharedStorage = storage
    })
  let view = appView()
  let firstPage = store.currentState.list.pageQuery
  store.send(.list(.pageLoaded(firstPage, firstPage.answer(over: users))))
  _ = view.render(store.currentState, style: .plain)

  /// Parses `line` against the screen, sends it and renders: what one typed command costs the session.
  func command(_ line: String) {
    guard case let .success(action) = view.action(for: line, in: store.currentState) else {
      fatalError("the benchmark's command '\(line)' was refused")
    }
    store.send(action)
    blackHole(view.render(store.currentState, style: .plain))
  }
  /// Sends an action the session sends itself (a search once typing pauses), then renders.
  func send(_ action: AppFeature.Action) {
    store.send(action)
    blackHole(view.render(store.currentState, style: .plain))
  }

  let silent = UsersShell.IO(
    readLine: { nil }, write: { _ in }, writeError: { _ in }, isInteractive: false, environment: [:])
  let steps: [LargeDirectoryStep] = [
    LargeDirectoryStep(name: "first screen (start, load, render)", bound: 300) {
      let code = await UsersShell.run(
        arguments: ["--data-dir", folder.path, "--fresh", "--no-analytics", "--script", script.path], io: silent)
      precondition(code == 0)
    },
    LargeDirectoryStep(name: "sort city", bound: 50) { command("sort city") },
    LargeDirectoryStep(name: "sort name", bound: 50) { command("sort name") },
    LargeDirectoryStep(name: "next", bound: 50) { command("next") },
    LargeDirectoryStep(name: "page 5000", bound: 50) { command("page 5000") },
    LargeDirectoryStep(name: "fav 99999", bound: 50) { command("fav 99999") },
    LargeDirectoryStep(name: "search zzz (applied)", bound: 20) { send(.list(.queryApplied("zzz"))) },
    LargeDirectoryStep(name: "search lovelace (applied)", bound: 20) { send(.list(.queryApplied("lovelace"))) },
    LargeDirectoryStep(name: "search cleared (applied)", bound: 20) { send(.list(.queryApplied(""))) },
    LargeDirectoryStep(name: "open 1", bound: 50) { command("open 1") },
    LargeDirectoryStep(name: "back", bound: 50) {
      // `back` is the session's own command: it sends what the screen says closes it.
      send(view.backAction(for: store.currentState)!)
    },
  ]
  return steps
}
