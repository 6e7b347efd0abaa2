import Composable
import Features

// Drives the tally as a user would and prints what it shows: proof that the package links and runs.
@MainActor func run() {
  let counter = ActionCounter()
  let store = Store(initialState: Tally.State()) { Tally().countingActions(into: counter) }
  store.send(.countTapped)
  store.send(.destination(.presented(.counter(.incrementTapped))))
  store.send(.destination(.presented(.counter(.incrementTapped))))
  store.send(.destination(.presented(.counter(.doneTapped))))
  let alert = store.currentState.$destination[case: \.alert]?.title ?? "none"
  print("total: \(store.currentState.total), alert: \(alert), actions seen: \(counter.count)")
}

MainActor.assumeIsolated { run() }
