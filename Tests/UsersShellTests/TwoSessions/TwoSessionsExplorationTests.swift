import Foundation
import Testing

/// The real app explored in two live sessions at once on one folder: random renames, favorites, adds, deletes and pages,
/// typed at two pseudo-terminals in a random order. After every run: no session crashed, every file is readable
/// and intact, every change a session saw saved is in the files (or was refused on its screen), and both
/// screens agree with the files once quiet. A failure is shrunk and written as the two sessions' scripts.
///
/// CI runs it for `SESSIONS_EXPLORATION_SECONDS` (4 by default); `Scripts/explore-sessions 600` hunts longer.
@MainActor struct TwoSessionsExplorationTests {
  @Test func twoSessionsAtOnceLoseNothingAndAgreeWithTheFiles() async throws {
    let environment = ProcessInfo.processInfo.environment
    let budget = Duration.seconds(Int(environment["SESSIONS_EXPLORATION_SECONDS"] ?? "") ?? 4)
    let firstSeed = environment["SESSIONS_EXPLORATION_SEED"].flatMap { UInt64($0) } ?? UInt64.random(in: 1...1_000_000)
    let started = ContinuousClock.now
    var runs = 0
    var lines = 0
    var refused = 0
    var told = 0
    while ContinuousClock.now - started < budget {
      let seed = firstSeed + UInt64(runs)
      let script = TwoSessionScript.random(seed: seed, count: 14, rows: 6)
      let run = TwoSessionRun(script)
      let broken = try await run.run()
      runs += 1
      lines += run.linesTyped
      refused += run.refusedSaves
      told += run.toldOfOtherSaves
      guard broken.isEmpty else {
        let shrunk = try await shrink((script, broken, run.typed))
        Issue.record(Comment(rawValue: try report(seed: seed, shrunk)))
        return
      }
    }
    let seconds = Double((ContinuousClock.now - started).components.seconds)
    print(
      "Two sessions explored: \(runs) runs, \(lines) commands typed, \(Int(Double(lines) / max(seconds, 1))) a second, "
        + "\(refused) saves refused and \(told) forms told of another session's save (seed \(firstSeed)).")
    #expect(runs >= 1)
  }

  @Test func theChecksSeeASaveOrAFavoriteThatDidNotLand() async throws {
    let script = TwoSessionScript(
      steps: [[.rename(row: 2, name: "S1n0")], [.favorite(row: 3), .add(name: "S2a1")]], turns: [0, 1, 1, 0, 1, 0])
    #expect(try await TwoSessionRun(script).run() == [])
    let tampered = TwoSessionRun(script)
    tampered.tamper = { folder in
      try folder.saveStored(TwoSessionRun.seeded[1])
      try Data("[]".utf8).write(to: folder.url.appendingPathComponent("favorites.json"))
    }
    #expect(
      try await tampered.run() == [
        "lost update: user 2 was saved as S1n0, users.db has Person 2",
        "lost favorite: row 3 toggled 1 times by one session, favorites.json says otherwise",
      ])
  }

  @Test func aToggleAnsweredLateIsCountedOnceItsScreenIsWhole() async throws {
    let script = TwoSessionScript(
      steps: [[.favorite(row: 2)], [.favorite(row: 3), .favorite(row: 4)]], turns: [1, 0, 1])
    let run = TwoSessionRun(script)
    run.lateAnswer = (session: 1, line: "fav 3", seconds: 3)
    #expect(try await run.run() == [])
    #expect(run.typed == ["2: fav 3", "1: fav 2", "2: fav 4"])
  }

  /// A failing script, what it broke and the lines its run typed, in order.
  typealias Failure = (script: TwoSessionScript, broken: [String], typed: [String])

  /// Drops one step at a time while the script still breaks something (each candidate run twice: timing varies).
  private func shrink(_ failure: Failure) async throws -> Failure {
    var best = failure
    var index = 0
    var runs = 0
    while index < best.script.count, runs < 30 {
      let candidate = best.script.removing(index)
      var failed: Failure?
      for _ in 0..<2 where failed == nil {
        runs += 1
        let run = TwoSessionRun(candidate)
        let broken = try await run.run()
        if !broken.isEmpty { failed = (candidate, broken, run.typed) }
      }
      if let failed { best = failed } else { index += 1 }
    }
    return best
  }

  /// The failure, and the two sessions' scripts written where a developer finds them.
  private func report(seed: UInt64, _ shrunk: Failure) throws -> String {
    let folder = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
      .appendingPathComponent(".build/explorations/two-sessions-\(seed)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    for session in 0..<2 {
      let lines = shrunk.typed.filter { $0.hasPrefix("\(session + 1): ") }.map { String($0.dropFirst(3)) }
      try (lines.joined(separator: "\n") + "\n").write(
        to: folder.appendingPathComponent("session-\(session + 1).txt"), atomically: true, encoding: .utf8)
    }
    try (shrunk.typed.joined(separator: "\n") + "\n").write(
      to: folder.appendingPathComponent("order.txt"), atomically: true, encoding: .utf8)
    return """
      Two sessions on one folder broke (seed \(seed); SESSIONS_EXPLORATION_SEED=\(seed) runs it again):
      \(shrunk.broken.map { "  " + $0 }.joined(separator: "\n"))
      Shrunk to \(shrunk.script.count) steps:
      \(shrunk.script.listing.map { "  " + $0 }.joined(separator: "\n"))
      The lines each session typed, in the order typed: \(folder.path)/order.txt (session-1.txt, session-2.txt alone)
      """
  }
}
