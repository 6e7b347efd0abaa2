import Clocks
import Composable
import ComposableTesting
import Testing

/// An effect that, a second later, sends an action whose own effect ticks a second after that.
private struct Relay: Reducer {
  struct State: Equatable {
    var relayed = 0
    var ticks = 0
    var quick = 0
  }

  enum Action: Equatable {
    case start
    case relayed
    case ticked
    /// Sends `slowStarted`, then many actions whose effects end at once, then waits.
    case burst
    case slowStarted
    case quickStarted
  }

  let clock: TestClock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .start:
      return .run { send in
        try await clock.sleep(for: .seconds(1))
        await send(.relayed)
      }
    case .relayed:
      state.relayed += 1
      return .run { send in
        try await clock.sleep(for: .seconds(1))
        await send(.ticked)
      }
    case .ticked:
      state.ticks += 1
      return .none
    case .slowStarted:
      state.ticks += 1
      return .run { send in
        try await clock.sleep(for: .seconds(5))
        await send(.ticked)
      }
    case .burst:
      return .run { send in
        try await clock.sleep(for: .seconds(1))
        await send(.slowStarted)
        for _ in 0..<200 { await send(.quickStarted) }
        try await clock.sleep(for: .seconds(60))
      }
    case .quickStarted:
      state.quick += 1
      return .run { _ in }
    }
  }
}

@MainActor struct CascadingCancellationTests {
  @Test func cancellingASendCancelsTheEffectsOfTheActionsItsEffectsSentAfterSuspending() async {
    let clock = TestClock()
    let store = Store(initialState: Relay.State(), reducer: Relay(clock: clock))
    let task = store.send(.start)
    await clock.advance(by: .seconds(1))
    #expect(store.currentState.relayed == 1)
    #expect(store.runningEffectCount == 1)

    task.cancel()
    await task.finish()
    await clock.advance(by: .seconds(5))

    #expect(store.currentState.ticks == 0)
    #expect(store.runningEffectCount == 0)
    #expect(task.isCancelled)
  }

  @Test func finishingASendWaitsForTheEffectsOfTheActionsItsEffectsSent() async {
    let clock = TestClock()
    let store = Store(initialState: Relay.State(), reducer: Relay(clock: clock))
    let task = store.send(.start)
    let log = EventLog()
    let waiter = Task { @MainActor in
      await task.finish()
      log.record("finished with \(store.currentState.ticks) tick")
    }
    await clock.advance(by: .seconds(1))
    for _ in 0..<10 { await Task.yield() }
    // The first effect has ended; the one its action started still sleeps.
    #expect(log.events.isEmpty)

    await clock.advance(by: .seconds(1))
    await waiter.value
    #expect(log.events == ["finished with 1 tick"])
  }

  @Test func aLongRunningEffectThatSentManyActionsStillCancelsTheWorkThatIsRunning() async {
    let clock = TestClock()
    let store = Store(initialState: Relay.State(), reducer: Relay(clock: clock))
    let task = store.send(.burst)
    await clock.advance(by: .seconds(1))
    // 200 finished effects went through the lineage; the slow one started before them still runs.
    #expect(store.currentState.quick == 200)
    #expect(store.runningEffectCount == 2)

    task.cancel()
    await task.finish()
    await clock.advance(by: .seconds(10))

    #expect(store.currentState.ticks == 1)
    #expect(store.runningEffectCount == 0)
  }

  @Test func aTestStoreTaskCancelsTheEffectsOfTheActionsItsEffectsSent() async {
    let clock = TestClock()
    let store = TestStore(initialState: Relay.State()) { Relay(clock: clock) }
    let task = await store.send(.start)
    await clock.advance(by: .seconds(1))
    await store.receive(.relayed) { $0.relayed = 1 }

    task.cancel()
    await clock.advance(by: .seconds(5))
    // Nothing is received and nothing is left running for the store to report at its end.
    await store.finish()
  }
}
