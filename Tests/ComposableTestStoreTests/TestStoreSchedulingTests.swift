import Composable
import ComposableTesting
import Foundation
import Testing

/// TCA's scheduling test: three sleeps started by one effect's task group resume, at one instant, in the order the
/// group added them, however busy the cooperative pool is and whatever ran in the process before.
@MainActor struct TestStoreSchedulingTests {
  struct Squarer: Reducer {
    typealias State = Int
    enum Action: Equatable {
      case incrementAndSquareLater
      case incrementNow
      case squareNow
    }
    @Dependency(\.continuousClock) var clock

    func reduce(into state: inout Int, action: Action) -> Effect<Action> {
      switch action {
      case .incrementAndSquareLater:
        return .run { [clock] send in
          await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
              try await clock.sleep(for: .seconds(2))
              await send(.incrementNow)
            }
            group.addTask {
              try await clock.sleep(for: .seconds(1))
              await send(.squareNow)
            }
            group.addTask {
              try await clock.sleep(for: .seconds(2))
              await send(.squareNow)
            }
          }
        }
      case .incrementNow:
        state += 1
        return .none
      case .squareNow:
        state *= state
        return .none
      }
    }
  }

  @Test(
    .enabled(
      if: EffectStepsCounted.here,
      "effect steps are not counted below macOS 15 / iOS 18: the order the group's children wake in is not kept"))
  func childTasksOfAnEffectSleepAndWakeInTheOrderTheyWereAdded() async {
    // Keep the cooperative pool busy, as other tests running beside this one do.
    // Each busy task holds a pool thread for a stretch without yielding, so which thread is free to start each of
    // the group's children, and when, varies from one run to the next.
    let busy = (0..<8).map { index in
      Task.detached {
        let end = ContinuousClock.now + .seconds(1)
        while ContinuousClock.now < end, !Task.isCancelled {
          let stretch = ContinuousClock.now + .microseconds(200 + 150 * index)
          while ContinuousClock.now < stretch {}
          await Task.yield()
        }
      }
    }
    defer { for task in busy { task.cancel() } }
    for _ in 0..<10 {
      let clock = TestClock()
      let store = TestStore(initialState: 2) {
        Squarer()
      } withDependencies: {
        $0.continuousClock = clock
      }
      await store.send(.incrementAndSquareLater)
      await clock.advance(by: .seconds(1))
      await store.receive(.squareNow) { $0 = 4 }
      await clock.advance(by: .seconds(1))
      await store.receive(.incrementNow) { $0 = 5 }
      await store.receive(.squareNow) { $0 = 25 }

      await store.send(.incrementAndSquareLater)
      await clock.advance(by: .seconds(2))
      await store.receive(.squareNow) { $0 = 625 }
      await store.receive(.incrementNow) { $0 = 626 }
      await store.receive(.squareNow) { $0 = 391_876 }
    }
  }

  #if os(Linux)
    // Linux counts effect steps: the test above runs here, where CI is, and is not skipped by a broken check.
    @Test func effectStepsAreCountedOnLinux() {
      #expect(EffectStepsCounted.here)
    }
  #endif
}
