import Clocks
import Composable
import ComposableTesting
import Foundation
import Testing

/// A search whose effect runs its lookup under `withTaskCancellation`, and ways to stop it by id.
struct Finder: Reducer {
  struct State: Equatable, Identifiable {
    var id: Int
    var found: [String] = []
  }

  enum Action: Equatable {
    case search(String)
    /// The reducer cancels the id, as it would an effect's.
    case stop
    /// An effect cancels the id with `Task.cancel(id:)`.
    case stopFromEffect
    case found(String)
  }

  enum CancelID { case search }
  let clock: TestClock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case let .search(query):
      return .run { send in
        let result = try await withTaskCancellation(id: CancelID.search, cancelInFlight: true) {
          try await clock.sleep(for: .seconds(1))
          return query
        }
        await send(.found(result))
      }
    case .stop:
      return .cancel(id: CancelID.search)
    case .stopFromEffect:
      return .run { _ in Task.cancel(id: CancelID.search) }
    case let .found(result):
      state.found.append(result)
      return .none
    }
  }
}

/// Rows of finders, all using the same id.
struct Finders: Reducer {
  struct State: Equatable {
    var rows: IdentifiedArrayOf<Finder.State> = []
  }

  enum Action: Equatable, CasePathable {
    case rows(IdentifiedAction<Int, Finder.Action>)
  }

  let clock: TestClock

  var body: some ReducerOf<Self> {
    Reduce { _, _ in .none }
      .forEach(\.rows, action: \.rows) { Finder(clock: clock) }
  }
}

@MainActor struct TaskCancellationTests {
  @Test func outsideAStoreAnOperationIsCancelledByItsID() async {
    let id = UUID()
    let started = EventLog()
    let task = Task {
      try await withTaskCancellation(id: id) {
        await started.record("started")
        try await Task.sleep(for: .seconds(60))
        return "slept"
      }
    }
    while started.events.isEmpty { await Task.yield() }
    Task.cancel(id: id)
    let result = await task.result
    #expect(throws: CancellationError.self) { try result.get() }
  }

  @Test func outsideAStoreCancelInFlightCancelsTheOperationRunningWithTheSameID() async throws {
    let id = UUID()
    let started = EventLog()
    let first = Task {
      try await withTaskCancellation(id: id) {
        await started.record("first")
        try await Task.sleep(for: .seconds(60))
        return "first"
      }
    }
    while started.events.isEmpty { await Task.yield() }
    let second = try await withTaskCancellation(id: id, cancelInFlight: true) { "second" }
    #expect(second == "second")
    let result = await first.result
    #expect(throws: CancellationError.self) { try result.get() }
    // Another id is untouched.
    #expect(try await withTaskCancellation(id: UUID()) { 42 } == 42)
  }

  @Test func inAnEffectCancelInFlightKeepsOnlyTheLatestOperation() async {
    let clock = TestClock()
    let store = TestStore(initialState: Finder.State(id: 0)) { Finder(clock: clock) }
    await store.send(.search("a"))
    await store.send(.search("ab"))
    await clock.advance(by: .seconds(1))
    await store.receive(.found("ab")) { $0.found = ["ab"] }
  }

  @Test func aReducersCancelReachesAnOperationRunningInAnEffect() async {
    let clock = TestClock()
    let store = TestStore(initialState: Finder.State(id: 0)) { Finder(clock: clock) }
    await store.send(.search("a"))
    await store.send(.stop)
    await clock.advance(by: .seconds(2))
    await store.finish()
  }

  @Test func taskCancelInAnEffectReachesOnlyItsOwnFeaturesOperation() async {
    let clock = TestClock()
    let store = TestStore(initialState: Finders.State(rows: [Finder.State(id: 1), Finder.State(id: 2)])) {
      Finders(clock: clock)
    }
    await store.send(.rows(.element(id: 1, action: .search("one"))))
    await store.send(.rows(.element(id: 2, action: .search("two"))))
    await store.send(.rows(.element(id: 1, action: .stopFromEffect)))
    await clock.advance(by: .seconds(1))
    await store.receive(.rows(.element(id: 2, action: .found("two")))) { $0.rows[id: 2]?.found = ["two"] }
    await store.finish()
  }
}
