import Clocks
import Foundation
import ComposableTesting
import Testing

struct ClockTests {
  /// A sleep cancelled at any moment, even while it is being registered, ends with CancellationError.
  ///
  /// Regression: a cancel landing between the cancellation handler's registration
  /// and the sleeper's registration left the sleep suspended forever.
  @Test func aSleepCancelledWhileStartingAlwaysEnds() async {
    let clock = TestClock()
    var cancelled = 0
    for round in 0..<2_000 {
      let sleep = Task { try await clock.sleep(for: .seconds(1)) }
      if round % 2 == 0 { await Task.yield() }
      sleep.cancel()
      if case .failure(let error) = await sleep.result, error is CancellationError { cancelled += 1 }
    }
    #expect(cancelled == 2_000)
    #expect(clock.pendingSleepCount == 0)
  }

  @Test func aZeroSleepWaitsForTheClockToMove() async {
    let clock = TestClock()
    let woke = LockIsolated(false)
    let sleeper = Task {
      try? await clock.sleep(for: .zero)
      woke.setValue(true)
    }
    await clock.settle()
    #expect(!woke.value)
    #expect(clock.pendingSleepCount == 1)
    await clock.advance()
    await sleeper.value
    #expect(woke.value)
  }

  @Test func checkSuspensionThrowsWhileATaskSleepsAndNotOnceNoneDoes() async throws {
    let clock = TestClock()
    try await clock.checkSuspension()
    let sleeper = Task { try? await clock.sleep(for: .seconds(3)) }
    await #expect(throws: SuspensionError(sleepingTasks: 1)) { try await clock.checkSuspension() }
    await clock.advance(by: .seconds(3))
    await sleeper.value
    try await clock.checkSuspension()
  }

  @Test func sleepersDueAtTheSameInstantWakeInTheOrderTheyStartedSleeping() async {
    let clock = TestClock()
    let order = LockIsolated<[Int]>([])
    var sleepers: [Task<Void, Never>] = []
    for index in 0..<6 {
      sleepers.append(
        Task {
          try? await clock.sleep(for: .seconds(1))
          order.withValue { $0.append(index) }
        })
      // Each sleep is registered before the next task starts, so "started first" is well defined.
      while clock.pendingSleepCount < index + 1 { await Task.yield() }
    }
    await clock.advance(by: .seconds(1))
    for sleeper in sleepers { await sleeper.value }
    #expect(order.value == [0, 1, 2, 3, 4, 5])
  }

  @Test func testClockWakesSleepersInDeadlineOrderOnlyWhenAdvanced() async {
    let clock = TestClock()
    let log = LockedLog()
    let late = Task {
      try? await clock.sleep(for: .seconds(2)); log.append("late")
    }
    let early = Task {
      try? await clock.sleep(for: .seconds(1)); log.append("early")
    }
    await clock.advance(by: .milliseconds(999))
    #expect(log.entries == [])
    await clock.advance(by: .seconds(2))
    await late.value
    await early.value
    #expect(log.entries == ["early", "late"])
    #expect(clock.now == ClockInstant(offset: .milliseconds(2_999)))
  }

  @Test func runWakesEverySleeperUntilNoneIsLeft() async {
    let clock = TestClock()
    let log = LockedLog()
    let sleeper = Task {
      for seconds in 1...3 {
        try? await clock.sleep(for: .seconds(seconds))
        log.append("\(seconds)")
      }
    }
    await clock.run()
    await sleeper.value
    #expect(log.entries == ["1", "2", "3"])
    #expect(clock.now == ClockInstant(offset: .seconds(6)))
    #expect(clock.pendingSleepCount == 0)
  }

  @Test func immediateClockNeverWaits() async throws {
    let clock = ImmediateClock()
    try await clock.sleep(for: .seconds(3600))
    #expect(clock.now.offset == .seconds(3600))
  }

  @Test func anUnimplementedClockReportsASleepForOnceAndAReadOfNow() async {
    let reports = LockedLog()
    await withKnownIssue {
      let clock = UnimplementedClock(name: "continuousClock")
      try? await clock.sleep(until: ClockInstant(offset: .seconds(5)))
      // `sleep(for:)` reads `now`, then sleeps: one use, one report.
      try? await clock.sleep(for: .seconds(1))
      _ = clock.now
    } matching: { issue in
      reports.append(issue.comments.map(\.rawValue).joined())
      return true
    }
    #expect(
      reports.entries.map { $0.contains("'now' was read") ? "now" : $0.contains("to sleep.") ? "sleep" : $0 } == [
        "sleep", "now", "now",
      ])
  }

  @Test func unimplementedClockFailsTheTest() async {
    await withKnownIssue {
      try? await UnimplementedClock(name: "continuousClock").sleep(for: .seconds(1))
    } matching: {
      $0.comments.contains { $0.rawValue.contains("'continuousClock'") }
    }
  }
}

final class LockedLog: @unchecked Sendable {
  private let lock = NSLock()
  private var storage: [String] = []
  func append(_ entry: String) { lock.withLock { storage.append(entry) } }
  var entries: [String] { lock.withLock { storage } }
}

/// `clock.timer(interval:)` and `run(timeout:)`, as swift-clocks has them.
struct TimerAndRunTests {
  @Test func aTimerTicksOnceAnIntervalAsTheTestClockAdvances() async {
    let clock = TestClock()
    let ticks = LockIsolated(0)
    let timer = Task {
      for await _ in clock.timer(interval: .seconds(1)) { ticks.withValue { $0 += 1 } }
    }
    await clock.settle()
    await clock.advance(by: .milliseconds(2_500))
    #expect(ticks.value == 2)
    await clock.advance(by: .milliseconds(500))
    #expect(ticks.value == 3)
    timer.cancel()
    await timer.value
  }

  @Test func runWithATimeoutFinishesWorkThatEndsAndReportsATimerThatDoesNot() async {
    let clock = TestClock()
    let done = LockIsolated(false)
    Task {
      try await clock.sleep(for: .seconds(5))
      try await clock.sleep(for: .seconds(5))
      done.setValue(true)
    }
    // The task may not have started on a loaded machine: run the clock once it sleeps on it.
    let started = ContinuousClock.now
    while clock.pendingSleepCount == 0, ContinuousClock.now - started < .seconds(5) { await Task.yield() }
    await clock.run(timeout: .seconds(5))
    #expect(done.value)

    let timer = Task { for await _ in clock.timer(interval: .seconds(1)) {} }
    await withKnownIssue {
      await clock.run(timeout: .milliseconds(100))
    } matching: {
      $0.description.contains("still sleep on it")
    }
    timer.cancel()
    await timer.value
  }
}
