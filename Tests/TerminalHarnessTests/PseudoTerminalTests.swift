import Foundation
import Testing
import TerminalHarness

/// The harness drives a real program at a pseudo-terminal: what it types arrives as typed, what the program writes
/// is read back, and waiting says when what was awaited never came.
struct PseudoTerminalTests {
  /// A shell that answers one line, on a terminal of its own.
  private func echoOnce() throws -> PseudoTerminal {
    let terminal = try PseudoTerminal(rows: 10, columns: 40)
    try terminal.launch(
      URL(fileURLWithPath: "/bin/sh"), ["-c", "printf 'ready\\n'; read line; printf 'got %s\\n' \"$line\""])
    return terminal
  }

  @Test func aLineTypedArrivesAndItsAnswerIsReadBack() async throws {
    let terminal = try echoOnce()
    #expect(await terminal.waitFor("ready"))
    #expect(await terminal.type("hello\r", thenWaitFor: "got hello"))
    #expect(await terminal.waitForExit() == 0)
  }

  @Test func waitingForWhatNeverComesSaysSoAfterItsTimeout() async throws {
    let terminal = try echoOnce()
    #expect(await terminal.waitFor("ready"))
    let start = ContinuousClock.now
    #expect(await terminal.waitFor("never written", timeout: .milliseconds(300)) == false)
    #expect(ContinuousClock.now - start >= .milliseconds(300))
    // Still waiting for its line: not exited.
    #expect(await terminal.waitForExit(timeout: .milliseconds(100)) == nil)
    terminal.type("x\r")
    #expect(await terminal.waitForExit() == 0)
  }

  @Test func forgettingTheOutputStartsTheMarksAgain() async throws {
    let terminal = try echoOnce()
    #expect(await terminal.waitFor("ready"))
    #expect(terminal.mark > 0)
    terminal.forget()
    #expect(terminal.mark == 0)
    #expect(terminal.output.isEmpty)
    #expect(await terminal.type("again\r", thenWaitFor: "got again"))
    #expect(!terminal.output.contains("ready"))
  }

  @Test func blockingUntilAnAnswerWakesWhenItArrivesAndGivesUpAtItsTimeout() throws {
    let terminal = try echoOnce()
    #expect(terminal.block(until: "ready"))
    let mark = terminal.mark
    let start = ContinuousClock.now
    #expect(terminal.block(until: "got", since: mark, timeout: .milliseconds(200)) == false)
    #expect(ContinuousClock.now - start >= .milliseconds(200))
    terminal.type("now\r")
    #expect(terminal.block(until: "got now", since: mark))
    // What came before the mark is not looked at.
    #expect(terminal.block(until: "ready", since: terminal.mark, timeout: .milliseconds(50)) == false)
  }

  @Test func aWholeScreenIsAClearThenThePromptNotThePromptOfAnEcho() {
    let echo = "\u{1B}[2Kusers> f\u{1B}[2Kusers> fa"
    #expect(!PseudoTerminal.holdsWholeScreen(echo, prompt: "users> "))
    let answer = echo + PseudoTerminal.screenClear + "Users (6 of 6)\n\u{1B}[2Kusers> "
    #expect(PseudoTerminal.holdsWholeScreen(answer, prompt: "users> "))
    #expect(!PseudoTerminal.holdsWholeScreen(PseudoTerminal.screenClear + "Users (6 of 6)\n", prompt: "users> "))
  }
}
