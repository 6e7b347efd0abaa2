import Composable
import ComposableTesting
import Testing

/// A timer-like feature: `start` runs a cancellable effect that reports after a second.
struct Delayed: Reducer {
  struct State: Equatable, Identifiable {
    var id: Int
    var finished: [String] = []
  }
  enum Action: Equatable { case start(String, cancelInFlight: Bool), stop, finished(String) }
  enum CancelID { case work }
  let clock: TestClock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case let .start(name, cancelInFlight):
      return .run { send in
        try await clock.sleep(for: .seconds(1))
        await send(.finished(name))
      }
      .cancellable(id: CancelID.work, cancelInFlight: cancelInFlight)
    case .stop:
      return .cancel(id: CancelID.work)
    case let .finished(name):
      state.finished.append(name)
      return .none
    }
  }
}

/// Rows of `Delayed` features, each using the same cancellation id.
struct Rows: Reducer {
  struct State: Equatable {
    var rows: IdentifiedArrayOf<Delayed.State> = []
  }
  enum Action: Equatable, CasePathable {
    case rows(IdentifiedAction<Int, Delayed.Action>)
    case remove(Int)
    case stopAll
  }
  let clock: TestClock

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .rows: return .none
      case let .remove(id):
        state.rows.remove(id: id)
        return .none
      case .stopAll:
        return .cancel(id: Delayed.CancelID.work)
      }
    }
    .forEach(\.rows, action: \.rows) { Delayed(clock: clock) }
  }
}

@MainActor struct CancellationTests {
  @Test func cancelInFlightKeepsOnlyTheLatestEffect() async {
    let clock = TestClock()
    let store = Store(initialState: Delayed.State(id: 0), reducer: Delayed(clock: clock))
    store.send(.start("first", cancelInFlight: true))
    await clock.advance(by: .milliseconds(500))
    store.send(.start("second", cancelInFlight: true))
    await clock.advance(by: .seconds(1))
    #expect(store.state.finished == ["second"])
  }

  @Test func withoutCancelInFlightBothEffectsFinish() async {
    let clock = TestClock()
    let store = Store(initialState: Delayed.State(id: 0), reducer: Delayed(clock: clock))
    store.send(.start("first", cancelInFlight: false))
    await clock.advance(by: .milliseconds(500))
    store.send(.start("second", cancelInFlight: false))
    await clock.advance(by: .seconds(1))
    #expect(store.state.finished == ["first", "second"])
  }

  @Test func cancelByIDStopsARunningEffect() async {
    let clock = TestClock()
    let store = Store(initialState: Delayed.State(id: 0), reducer: Delayed(clock: clock))
    store.send(.start("work", cancelInFlight: false))
    await clock.advance(by: .milliseconds(500))
    #expect(store.runningEffectCount == 1)
    await store.send(.stop).finish()
    await clock.advance(by: .seconds(5))
    #expect(store.state.finished == [])
    #expect(store.runningEffectCount == 0)
  }

  @Test func theSameIDInTwoStoresNeverCollides() async {
    let clock = TestClock()
    let first = Store(initialState: Delayed.State(id: 0), reducer: Delayed(clock: clock))
    let second = Store(initialState: Delayed.State(id: 0), reducer: Delayed(clock: clock))
    first.send(.start("one", cancelInFlight: false))
    second.send(.start("two", cancelInFlight: false))
    first.send(.stop)
    await clock.advance(by: .seconds(1))
    #expect(first.state.finished == [])
    #expect(second.state.finished == ["two"])
  }

  @Test func siblingRowsUsingTheSameIDNeverCollide() async {
    let clock = TestClock()
    let store = Store(
      initialState: Rows.State(rows: [.init(id: 1), .init(id: 2)]), reducer: Rows(clock: clock))
    store.send(.rows(.element(id: 1, action: .start("row 1", cancelInFlight: true))))
    store.send(.rows(.element(id: 2, action: .start("row 2", cancelInFlight: true))))
    store.send(.rows(.element(id: 1, action: .stop)))
    await clock.advance(by: .seconds(1))
    #expect(store.state.rows[id: 1]?.finished == [])
    #expect(store.state.rows[id: 2]?.finished == ["row 2"])
  }

  @Test func cancellingAtTheParentReachesTheSameIDInEveryRow() async {
    let clock = TestClock()
    let store = Store(
      initialState: Rows.State(rows: [.init(id: 1), .init(id: 2)]), reducer: Rows(clock: clock))
    store.send(.rows(.element(id: 1, action: .start("row 1", cancelInFlight: false))))
    store.send(.rows(.element(id: 2, action: .start("row 2", cancelInFlight: false))))
    store.send(.stopAll)
    await clock.advance(by: .seconds(1))
    #expect(store.state.rows.map(\.finished) == [[], []])
    #expect(store.runningEffectCount == 0)
  }

  @Test func removingARowCancelsItsEffects() async {
    let clock = TestClock()
    let store = Store(
      initialState: Rows.State(rows: [.init(id: 1), .init(id: 2)]), reducer: Rows(clock: clock))
    store.send(.rows(.element(id: 1, action: .start("row 1", cancelInFlight: false))))
    store.send(.rows(.element(id: 2, action: .start("row 2", cancelInFlight: false))))
    store.send(.remove(1))
    await clock.advance(by: .seconds(1))
    #expect(store.state.rows.ids == [2])
    #expect(store.state.rows[id: 2]?.finished == ["row 2"])
    #expect(store.runningEffectCount == 0)
  }

  @Test func anActionForAMissingRowIsARuntimeIssue() {
    let clock = TestClock()
    let store = Store(initialState: Rows.State(rows: [.init(id: 1)]), reducer: Rows(clock: clock))
    withKnownIssue {
      store.send(.rows(.element(id: 99, action: .stop)))
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("missing element (id 99)") }
    }
  }
}
