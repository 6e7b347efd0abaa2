import Composable
import ComposableTesting
import Foundation
import Testing

/// An alert, a sheet whose effect is in flight, and an enum destination switched between its cases: each shown and
/// gone ten times leaves nothing more alive than before, its effects included.
@MainActor struct PresentedChildrenAliveTests {
  /// What is alive once the cancelled effects have ended (each at its next suspension) and released views' cleanup
  /// has run: polled until `done` holds, 5 s at most, and returned either way for the caller to check.
  private func settled<State, Action>(
    _ store: Store<State, Action>, until done: (AliveCounts) -> Bool
  ) async -> AliveCounts {
    let deadline = ContinuousClock.now + .seconds(5)
    var counts = store.alive
    while !done(counts) && ContinuousClock.now < deadline {
      try? await Task.sleep(nanoseconds: 1_000_000)
      counts = store.alive
    }
    return counts
  }

  private func settled<State, Action>(_ store: Store<State, Action>, toward expected: AliveCounts) async
    -> AliveCounts
  {
    await settled(store) { $0 == expected }
  }

  /// What is alive once the main actor has run what released views left for its next turn.
  private func settled<State, Action>(_ store: Store<State, Action>) async -> AliveCounts {
    for _ in 0..<3 { await Task.yield() }
    return store.alive
  }

  @Test func anAlertShownThenAnsweredOrCancelledTenTimesLeavesNothingBehind() async {
    let store = Store(initialState: Host.State()) { Host() }
    // The parent's view: whether the alert is up, and what was deleted.
    let parentView = observe {
      _ = store.scope(state: \.alert, action: \.alert.presented)?.state
      _ = store.state.deleted
    }
    // One alert shown and dismissed first: the view's first run followed the alert's presence through a hub of
    // its own; run again, it reads the whole root state (not observable field by field), which covers it.
    store.send(.deleteTapped)
    store.send(.alert(.dismiss))
    let baseline = await settled(store)
    for round in 0..<10 {
      store.send(.deleteTapped)
      do {
        let alert = store.scope(state: \.alert, action: \.alert.presented)
        let alertView = observe { _ = alert?.state }
        #expect(await settled(store).storeCount == baseline.storeCount + 1)
        // Answered from its button half of the time, dismissed by the system the other half.
        if round.isMultiple(of: 2) { alert?.send(.confirmDelete) } else { store.send(.alert(.dismiss)) }
        #expect(store.state.alert == nil)
        withExtendedLifetime((alert, alertView)) {}
      }
      let closed = await settled(store, toward: baseline)
      #expect(closed == baseline, "\n\(closed)\nwas\n\(baseline)")
    }
    #expect(store.state.deleted)
    withExtendedLifetime(parentView) {}
  }

  @Test func aSheetDismissedWhileItsEffectRunsLeavesNoEffectBehind() async {
    let store = Store(initialState: Host.State()) {
      Host()
    } withDependencies: {
      $0.continuousClock = TestClock()
    }
    let parentView = observe { _ = store.scope(state: \.ticker, action: \.ticker.presented)?.state }
    let baseline = await settled(store)
    for _ in 0..<10 {
      store.send(.presentTapped)
      do {
        let ticker = store.scope(state: \.ticker, action: \.ticker.presented)
        let tickerView = observe { _ = ticker?.state.ticks }
        ticker?.send(.startTapped)
        let open = await settled(store)
        #expect(open.runningEffects == baseline.runningEffects + 1)
        #expect(open.stores["Ticker.State"] == 1)
        store.send(.hideTapped)
        withExtendedLifetime((ticker, tickerView)) {}
      }
      let closed = await settled(store, toward: baseline)
      #expect(closed == baseline, "\n\(closed)\nwas\n\(baseline)")
    }
    withExtendedLifetime(parentView) {}
  }

  @Test func anEnumDestinationSwitchedBetweenItsCasesAndDismissedLeavesNothingBehind() async {
    let store = Store(initialState: Screen.State()) {
      Screen()
    } withDependencies: {
      $0.continuousClock = TestClock()
    }
    let parentView = observe { _ = store.scope(state: \.destination, action: \.destination.presented)?.state }
    let baseline = await settled(store)
    for _ in 0..<10 {
      store.send(.tickerTapped)
      do {
        let ticker = store.scope(state: \.destination, action: \.destination.presented)?
          .scope(case: "ticker", state: Ticker.State.self) { .ticker($0) }
        let tickerView = observe { _ = ticker?.state.ticks }
        ticker?.send(.startTapped)
        #expect(await settled(store).runningEffects == baseline.runningEffects + 1)
        // Another case replaces it: the ticker's effect is cancelled, its store is no longer reachable.
        store.send(.noteTapped)
        let switched = await settled(store) { $0.runningEffects == baseline.runningEffects }
        #expect(switched.runningEffects == baseline.runningEffects)
        store.send(.destination(.dismiss))
        withExtendedLifetime((ticker, tickerView)) {}
      }
      let closed = await settled(store, toward: baseline)
      #expect(closed == baseline, "\n\(closed)\nwas\n\(baseline)")
    }
    withExtendedLifetime(parentView) {}
  }
}
