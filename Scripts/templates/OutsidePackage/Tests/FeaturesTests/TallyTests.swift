import ComposableTesting
import Features
import Testing

/// The tally from outside this repository: presenting, the child's delegate action, the alert in the same enum.
@MainActor struct TallyTests {
  @Test func aFinishedCountIsAddedAndTheAlertResetsIt() async {
    let store = TestStore(initialState: Tally.State()) { Tally() }
    await store.send(.countTapped) { $0.destination = .counter(Counter.State()) }
    await store.send(.destination(.presented(.counter(.incrementTapped)))) {
      $0.destination = .counter(Counter.State(count: 1))
    }
    await store.send(.destination(.presented(.counter(.doneTapped))))
    await store.receive(.destination(.presented(.counter(.delegate(.finished(count: 1)))))) {
      $0.total = 1
      $0.destination = .alert(
        AlertState(title: "The total is 1.", buttons: [.destructive("Reset", action: .reset), .cancel("OK")]))
    }
    // The alert is ephemeral: its button dismisses it with no line of the tally's own.
    await store.send(.destination(.presented(.alert(.reset)))) {
      $0.destination = nil
      $0.total = 0
    }
  }

  // The plugin wrote the tally's observed fields in this package: an observer of the total is not told of the
  // counter it presents.
  @Test func anObserverOfTheTotalRunsAgainOnlyWhenTheTotalChanges() {
    let store = Store(initialState: Tally.State()) { Tally() }
    var totals: [Int] = []
    let token = observe { totals.append(store.total) }
    store.send(.countTapped)
    store.send(.destination(.presented(.counter(.incrementTapped))))
    #expect(totals == [0])
    store.send(.destination(.presented(.counter(.doneTapped))))
    #expect(totals == [0, 1])
    token.cancel()
  }

  @Test func aWrongExpectationFails() async {
    let store = TestStore(initialState: Tally.State()) { Tally() }
    await withKnownIssue {
      await store.send(.countTapped) { $0.total = 5 }
    }
    await store.send(.destination(.dismiss)) { $0.destination = nil }
  }
}
