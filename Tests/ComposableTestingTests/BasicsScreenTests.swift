import ComposableTesting
import Testing

/// TCA's integration screen "Basics": one counter whose count can be hidden.
@MainActor struct BasicsScreenTests {
  @Test(arguments: ViewHarness.Tracking.allCases) func aCounterRendersAgainWhenItsCountChangesAndNotOnceItIsHidden(
    tracking: ViewHarness.Tracking
  ) {
    let store = Store(initialState: Counter.State()) { Counter() }
    let harness = ViewHarness(counterView(store), keptBy: tracking)
    #expect(harness.screen == ["Counter: 0"])
    #expect(harness.settle() == [], "nothing changed")

    store.send(.incrementButtonTapped)
    #expect(harness.settle() == ["Counter"])
    #expect(harness.screen == ["Counter: 1"])

    store.send(.toggleDisplayButtonTapped)
    #expect(harness.settle() == ["Counter"])
    #expect(harness.screen == ["Counter: hidden"])

    store.send(.incrementButtonTapped)
    #expect(harness.settle() == [], "the count is not read while hidden")
    #expect(harness.renders(of: "Counter") == 3)
  }
}
