import Composable
import ComposableTesting
import Foundation
import Testing

/// Each way a test can be wrong fails it, with a message that says what differs.
///
/// `withKnownIssue` turns the expected failure into a pass and fails if it does
/// not happen, so each test here proves the store can fail.
@MainActor struct TestStoreFailureTests {
  @Test func aWrongExpectedStateFailsWithADiff() async {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    await withKnownIssue {
      await store.send(.increment) { $0.count = 2 }
    } matching: { issue in
      issue.description.contains("- expected, + actual")
        && issue.description.contains("-   count: 2") && issue.description.contains("+   count: 1")
    }
  }

  @Test func anUnassertedStateChangeFailsWithItsOwnWording() async {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    await withKnownIssue {
      await store.send(.increment)
    } matching: {
      $0.description.contains("The state was not expected to change after sending Counter.Action.increment")
        && $0.description.contains("+   count: 1")
    }
  }

  @Test func anUnexpectedReceivedActionFailsWithADiffOfActions() async {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    await store.send(.incrementTwiceTapped)
    await withKnownIssue {
      await store.receive(.tick) { $0.count = 1 }
    } matching: {
      $0.description.contains("other than the one expected")
        && $0.description.contains("- Counter.Action.tick") && $0.description.contains("+ Counter.Action.increment")
    }
    await store.receive(.increment) { $0.count = 2 }
  }

  @Test func sendingWithUnassertedReceivedActionsFails() async {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    await store.send(.incrementTwiceTapped)
    await withKnownIssue {
      await store.send(.increment) { $0.count = 3 }
    } matching: {
      $0.description.contains("Must handle 2 received actions before sending an action")
        && $0.description.contains("Counter.Action.increment")
    }
    // Kept: each is still received, and checked as an action only (the send took the state they left).
    await store.receive(.increment)
    await store.receive(.increment)
    #expect(store.state.count == 3)
  }

  @Test func unassertedReceivedActionsFailAtTheEnd() async {
    await withKnownIssue {
      let store = TestStore(initialState: Counter.State()) { Counter() }
      await store.send(.incrementTwiceTapped)
    } matching: {
      $0.description.contains("received 2 actions that the test did not assert")
    }
  }

  @Test func finishReportsUnassertedReceivedActions() async {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    await store.send(.incrementTwiceTapped)
    await withKnownIssue {
      await store.finish()
    } matching: {
      $0.description.contains("Counter.Action.increment")
    }
  }

  @Test func anEffectStillRunningAtTheEndFailsNamingItsAction() async {
    let clock = TestClock()
    await withKnownIssue {
      let store = timerStore(clock: clock)
      await store.send(.timerToggled) { $0.isTimerOn = true }
    } matching: {
      $0.description.contains("started by Counter.Action.timerToggled is still running")
    }
  }

  @Test func finishFailsOnAnEffectThatDoesNotEnd() async {
    let clock = TestClock()
    let store = timerStore(clock: clock)
    await store.send(.timerToggled) { $0.isTimerOn = true }
    await withKnownIssue {
      await store.finish(timeout: .milliseconds(50))
    } matching: {
      $0.description.contains("still running")
    }
  }

  @Test func receiveTimesOutWhenTheActionDoesNotArrive() async {
    let clock = TestClock()
    let store = timerStore(clock: clock)
    await store.send(.timerToggled) { $0.isTimerOn = true }
    await withKnownIssue {
      await store.receive(\.tick, timeout: .milliseconds(50))
    } matching: {
      $0.description.contains("did not arrive") && $0.description.contains("advance the clock")
    }
    await store.send(.timerToggled) { $0.isTimerOn = false }
  }

  @Test func aShortTimeoutEndsOnTimeAfterALongWaitArmedTheSharedTimer() async {
    let clock = TestClock()
    let store = timerStore(clock: clock)
    await store.send(.timerToggled) { $0.isTimerOn = true }
    // This wait arms the shared timer for ten seconds from now, then a tick satisfies it.
    let advance = Task { await clock.advance(by: .seconds(1)) }
    await store.receive(\.tick, timeout: .seconds(10)) { $0.count = 1 }
    await advance.value
    let start = ContinuousClock.now
    await withKnownIssue {
      await store.receive(\.tick, timeout: .milliseconds(50))
    } matching: {
      $0.description.contains("did not arrive")
    }
    #expect(ContinuousClock.now - start < .seconds(5), "the short wait must not wait for the long one's timer")
    await store.send(.timerToggled) { $0.isTimerOn = false }
  }

  @Test func receiveWithNothingRunningFailsAtOnce() async {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    await withKnownIssue {
      await store.receive(.increment)
    } matching: {
      $0.description.contains("no effect that could send it is running")
    }
  }

  @Test func anUnimplementedDependencyFailsTheTestByName() async {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    await withKnownIssue {
      await store.send(.factTapped)
      await store.receive(\.factFailed) { $0.failure = "Unimplemented: 'FactClient.fetch' was called" }
    } matching: {
      $0.description.contains("'FactClient.fetch' was called") && $0.sourceLocation?.fileName == "Counter.swift"
    }
  }

  @Test func aNonExhaustiveAssertionThatIsWrongStillFails() async {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    store.exhaustivity = .off
    await withKnownIssue {
      await store.send(.incrementTwiceTapped) { $0.count = 5 }
    } matching: {
      $0.description.contains("-   count: 5")
    }
  }

  @Test func nonEquatableStateIsAClearError() async {
    let store = TestStore(initialState: Opaque(value: 0)) {
      Reduce<Opaque, Bool> { state, _ in
        state.value += 1
        return .none
      }
    }
    await withKnownIssue {
      await store.send(true)
    } matching: {
      $0.description.contains("'Opaque' is not Equatable")
    }
  }

  @Test func failuresPointAtTheLineOfTheAssertion() async {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    let line = #line + 2
    await withKnownIssue {
      await store.send(.increment) { $0.count = 9 }
    } matching: {
      $0.sourceLocation?.line == line && $0.sourceLocation?.fileName == "TestStoreFailureTests.swift"
    }
  }
}
