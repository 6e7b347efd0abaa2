import TerminalHarness
import Foundation
import Testing
import UserClientInterface
import UserClientTesting

/// Commands typed at a real (pseudo-)terminal before the screen's work is done: they wait for it, and are judged on
/// the screen it leaves, never on the empty list the first prompt shows under "Loading…".
@MainActor struct TypedWhileLoadingTests {
  private static let hundredPeople = (1...100).map { number in
    let padded = number < 10 ? "00\(number)" : number < 100 ? "0\(number)" : "\(number)"
    return User(id: User.ID(number), name: "Person \(padded)", email: "p\(padded)@example.org")
  }

  @Test func aRowOpenedAtTheFirstPromptWhileThePageLoadsIsOpenedOnceItIsThere() async throws {
    let folder = TemporaryFolder()
    try folder.seed(Self.hundredPeople)
    // Fifty starts under load (a busy thread per core beside them), each typing at the first prompt while the
    // first page takes a fifth of a second to read: every one opens row 100, none is judged on the empty list.
    let load = CPULoad(threads: ProcessInfo.processInfo.activeProcessorCount)
    defer { load.stop() }
    var opened = 0
    for attempt in 1...50 {
      let terminal = try PseudoTerminal(rows: 24, columns: 40)
      try terminal.launch(
        usersExecutable, ["--data-dir", folder.url.path, "--fresh", "--latency", "200"],
        environment: ["NO_COLOR": "1"])
      #expect(await terminal.waitFor("Loading…"), "attempt \(attempt)")
      let mark = terminal.mark
      terminal.type("open 100\r")
      let open = await terminal.waitFor("email: p100@example.org", since: mark, timeout: .seconds(15))
      #expect(open, "attempt \(attempt)")
      #expect(!terminal.output(since: mark).contains("There are no rows"), "attempt \(attempt)")
      if open { opened += 1 }
      terminal.type("\u{04}")
      #expect(await terminal.waitForExit() == 0, "attempt \(attempt)")
    }
    #expect(opened == 50)
  }

  @Test func ctrlCDropsTheLinesWaitingForTheWorkItCancels() async throws {
    let folder = TemporaryFolder()
    try folder.seed(Self.hundredPeople)
    let terminal = try PseudoTerminal()
    try terminal.launch(
      usersExecutable, ["--data-dir", folder.url.path, "--fresh", "--latency", "3000"], environment: ["NO_COLOR": "1"])
    #expect(await terminal.waitFor("Loading…"))
    #expect(await terminal.type("open 1\r", thenWaitFor: "'open 1' will run when the work in progress is done"))
    #expect(await terminal.type("\u{03}", thenWaitFor: "Cancelled; 'open 1' not run."))
    #expect(await terminal.waitFor("Loading cancelled. Type 'retry' to load the users."))
    let mark = terminal.mark
    try await Task.sleep(for: .milliseconds(500))
    #expect(!terminal.output(since: mark).contains("email: p001@example.org"), "the dropped line never runs")
    terminal.type("\u{04}")
    #expect(await terminal.waitForExit() == 0)
  }
}

/// Busy threads that keep every core working while a test runs, as a loaded machine would.
final class CPULoad: @unchecked Sendable {
  private let lock = NSLock()
  private var running = true

  /// Starts `threads` threads that spin until `stop()`.
  init(threads: Int) {
    for _ in 0..<threads {
      Thread.detachNewThread { [self] in
        var spins = 0
        while lock.withLock({ running }) { spins &+= 1 }
      }
    }
  }

  /// Ends the busy threads.
  func stop() { lock.withLock { running = false } }
}
