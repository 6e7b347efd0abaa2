import ComposableTesting
import Features
import Testing

/// The tally from outside this repository: presenting, the child's delegate action, the alert.
@MainActor struct TallyTests {
  @Test func aFinishedCountIsAddedAndTheAlertResetsIt() async {
    let store = TestStore(initialState: Tally.State()) { Tally() }
    await store.send(.countTapped) { $0.destination = .counter(Counter.State()) }
    await store.send(.destination(.presented(.counter(.incrementTapped)))) {
      $0.destination = .counter(Counter.State(count: 1))
    }
    await store.send(.destination(.presented(.counter(.doneTapped))))
    await store.receive(.destination(.presented(.counter(.delegate(.finished(count: 1)))))) {
      $0.destination = nil
      $0.total = 1
      $0.alert = AlertState(
        title: "The total is 1.", buttons: [.destructive("Reset", action: .reset), .cancel("OK")])
    }
    await store.send(.alert(.presented(.reset))) {
      $0.alert = nil
      $0.total = 0
    }
  }

  @Test func aWrongExpectationFails() async {
    let store = TestStore(initialState: Tally.State()) { Tally() }
    await withKnownIssue {
      await store.send(.countTapped) { $0.total = 5 }
    }
    await store.send(.destination(.dismiss)) { $0.destination = nil }
  }
}
