import Clocks
import Foundation
import Testing

/// A clock that settles when its owner says the tasks it knows of are at rest.
@MainActor struct TestClockRestTests {
  /// How many tasks the test started and that have not ended; read by the clock's rest check.
  private final class Started: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func change(_ delta: Int) { lock.withLock { count += delta } }
    var value: Int { lock.withLock { count } }
  }

  @Test func settlingWaitsUntilEveryStartedTaskSleepsOnTheClock() async {
    let started = Started()
    let clock = TestClock(settling: .untilAtRest { sleeping in started.value <= sleeping })
    let woke = Started()
    for _ in 0..<3 {
      started.change(1)
      Task.detached {
        try? await clock.sleep(for: .seconds(1))
        woke.change(1)
        started.change(-1)
      }
    }
    await clock.settle()
    #expect(clock.pendingSleepCount == 3)
    await clock.advance(by: .seconds(1))
    #expect(woke.value == 3)
    #expect(started.value == 0)
    #expect(clock.pendingSleepCount == 0)
  }

  @Test func aRestCheckThatNeverHoldsFallsBackToYielding() async {
    let checks = Started()
    let clock = TestClock(
      settling: .untilAtRest { _ in
        checks.change(1)
        return false
      })
    await clock.settle()
    #expect(checks.value == 500)
  }
}
