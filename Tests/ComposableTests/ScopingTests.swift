import Composable
import ComposableTesting
import Observation
import Testing

struct ScopedCounter: Reducer {
  struct State: Equatable { var count = 0 }
  enum Action: Equatable { case increment }
  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.count += 1
    return .none
  }
}

/// A parent with a counter field and an optional counter.
struct Parent: Reducer {
  struct State: Equatable {
    var counter = ScopedCounter.State()
    var optional: ScopedCounter.State?
    var other = 0
  }
  enum Action: Equatable, CasePathable {
    case counter(ScopedCounter.Action)
    case optional(ScopedCounter.Action)
    case bumpOther
    case toggleOptional
  }

  var body: some ReducerOf<Self> {
    Scope(state: \.counter, action: \.counter) { ScopedCounter() }
    Reduce { state, action in
      switch action {
      case .bumpOther: state.other += 1
      case .toggleOptional: state.optional = state.optional == nil ? ScopedCounter.State() : nil
      default: break
      }
      return .none
    }
    .ifLet(\.optional, action: \.optional) { ScopedCounter() }
  }
}

/// Enum state: a counter on the first screen only.
struct Screens: Reducer {
  enum State: Equatable, CasePathable {
    case first(ScopedCounter.State)
    case second
  }
  enum Action: Equatable, CasePathable {
    case first(ScopedCounter.Action)
  }
  var body: some ReducerOf<Self> {
    Scope(state: \.first, action: \.first) { ScopedCounter() }
  }
}

@MainActor struct ScopingTests {
  @Test func scopeRunsTheChildOnItsField() {
    let store = Store(initialState: Parent.State(), reducer: Parent())
    store.send(.counter(.increment))
    store.send(.counter(.increment))
    #expect(store.state.counter.count == 2)
    #expect(store.state.other == 0)
  }

  @Test func scopeIntoAnEnumCaseRunsOnlyInThatCase() {
    let store = Store(initialState: Screens.State.first(.init()), reducer: Screens())
    store.send(.first(.increment))
    #expect(store.state == .first(.init(count: 1)))
    let other = Store(initialState: Screens.State.second, reducer: Screens())
    withKnownIssue {
      other.send(.first(.increment))
    } matching: {
      $0.comments.contains { $0.rawValue.contains("state was another case") }
    }
    #expect(other.state == .second)
  }

  @Test func ifLetRunsTheChildOnlyWhilePresent() {
    let store = Store(initialState: Parent.State(), reducer: Parent())
    withKnownIssue {
      store.send(.optional(.increment))
    } matching: {
      $0.comments.contains { $0.rawValue.contains("while its state was nil") }
    }
    store.send(.toggleOptional)
    store.send(.optional(.increment))
    #expect(store.state.optional == ScopedCounter.State(count: 1))
  }

  @Test func aChildStoreAlwaysReflectsTheRoot() {
    let store = Store(initialState: Parent.State(), reducer: Parent())
    let child = store.scope(state: \.counter, action: \.counter)
    child.send(.increment)
    #expect(child.state.count == 1)
    store.send(.counter(.increment))
    #expect(child.state.count == 2)
    #expect(store.state.counter.count == 2)
  }

  @Test func tenThousandScopedStoresAreAllReleased() {
    let store = Store(initialState: Parent.State(), reducer: Parent())
    final class WeakBox { weak var store: Store<ScopedCounter.State, ScopedCounter.Action>? }
    var boxes: [WeakBox] = []
    for _ in 0..<10_000 {
      let child = store.scope(state: \.counter, action: \.counter)
      child.send(.increment)
      let box = WeakBox()
      box.store = child
      boxes.append(box)
    }
    #expect(boxes.filter { $0.store != nil }.count == 0)
    #expect(store.state.counter.count == 10_000)
  }

  @Test func readingStateUnderObservationTrackingIsNotifiedOfChanges() {
    let store = Store(initialState: Parent.State(), reducer: Parent())
    let changed = EventLog()
    withObservationTracking {
      _ = store.state.counter.count
    } onChange: {
      MainActor.assumeIsolated { changed.record("changed") }
    }
    store.send(.counter(.increment))
    #expect(changed.events == ["changed"])
  }

  @Test func observeCallsBackOnlyWhenTheSelectedValueChanges() {
    let store = Store(initialState: Parent.State(), reducer: Parent())
    var seen: [Int] = []
    let subscription = store.observe({ $0.counter.count }) { seen.append($0) }
    store.send(.bumpOther)
    store.send(.counter(.increment))
    store.send(.bumpOther)
    store.send(.counter(.increment))
    subscription.cancel()
    store.send(.counter(.increment))
    #expect(seen == [1, 2])
  }

  @Test func eachReducerOfATwelveReducerBodyDoesItsPart() async {
    var initial = TwelveReducerScreen.State()
    initial.rows = [Tally.State(id: 7)]
    initial.optional = Tally.State()
    initial.sheet = Tally.State()
    initial.path.append(Tally.State())
    initial.mode = .editing(Tally.State())
    let store = TestStore(initialState: initial) { TwelveReducerScreen() }
    await store.send(.set(\.name, "Ada")) {
      $0.name = "Ada"
      $0.renames = 1
    }
    await store.send(.counter(.increment)) { $0.counter.count = 1 }
    await store.send(.rows(.element(id: 7, action: .increment))) { $0.rows[id: 7]?.count = 1 }
    await store.send(.optional(.increment)) { $0.optional?.count = 1 }
    await store.send(.sheet(.presented(.increment))) { $0.sheet?.count = 1 }
    await store.send(.path(.element(id: 0, action: .increment))) { $0.path[id: 0]?.count = 1 }
    await store.send(.mode(.editing(.increment))) { $0.mode = .editing(Tally.State(count: 1)) }
    await store.send(.resetTapped) {
      $0.resets = 1
      $0.counter.count = 0
    }
    await store.send(.stampTapped) { $0.stamp = "00000000-0000-0000-0000-000000000000" }
  }

  @Test func builderIfElseChoosesABranch() {
    let on = Store(initialState: 0, reducer: Branching(enabled: true))
    let off = Store(initialState: 0, reducer: Branching(enabled: false))
    on.send(())
    off.send(())
    #expect(on.state == 1)
    #expect(off.state == -1)
  }
}

private struct Branching: Reducer {
  let enabled: Bool
  var body: some Reducer<Int, Void> {
    if enabled {
      Reduce { state, _ in
        state += 1; return .none
      }
    } else {
      Reduce { state, _ in
        state -= 1; return .none
      }
    }
  }
}
