import Clocks
import Foundation
import ComposableTesting
import Testing

struct ClockTests {
  @Test func testClockWakesSleepersInDeadlineOrderOnlyWhenAdvanced() async {
    let clock = TestClock()
    let log = LockedLog()
    let late = Task { try? await clock.sleep(for: .seconds(2)); log.append("late") }
    let early = Task { try? await clock.sleep(for: .seconds(1)); log.append("early") }
    await clock.advance(by: .milliseconds(999))
    #expect(log.entries == [])
    await clock.advance(by: .seconds(2))
    await late.value
    await early.value
    #expect(log.entries == ["early", "late"])
    #expect(clock.now == ClockInstant(offset: .milliseconds(2_999)))
  }

  @Test func immediateClockNeverWaits() async throws {
    let clock = ImmediateClock()
    try await clock.sleep(for: .seconds(3600))
    #expect(clock.now.offset == .seconds(3600))
  }

  @Test func unimplementedClockFailsTheTest() async {
    await withKnownIssue {
      try? await UnimplementedClock(name: "continuousClock").sleep(for: .seconds(1))
    } matching: { $0.comments.contains { $0.rawValue.contains("'continuousClock'") } }
  }
}

final class LockedLog: @unchecked Sendable {
  private let lock = NSLock()
  private var storage: [String] = []
  func append(_ entry: String) { lock.withLock { storage.append(entry) } }
  var entries: [String] { lock.withLock { storage } }
}
