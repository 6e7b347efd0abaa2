import Composable
import ComposableTesting
import Testing

/// A child with a repeating one-second timer, identified by a number it can change.
private struct Stopwatch: Reducer {
  struct State: Equatable, Identifiable {
    var id = 0
    var ticks = 0
    var label = ""
  }

  enum Action: Equatable {
    case startTapped
    case tick
    case renumberTapped
  }

  @Dependency(\.continuousClock) var clock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .startTapped:
      return .run { [clock] send in
        while true {
          try await clock.sleep(for: .seconds(1))
          await send(.tick)
        }
      }
    case .tick:
      state.ticks += 1
      return .none
    case .renumberTapped:
      state.id += 100
      return .none
    }
  }
}

/// The same timer without an identity: only its presence tells one child from none.
private struct Beeper: Reducer {
  struct State: Equatable {
    var beeps = 0
  }

  enum Action: Equatable {
    case startTapped
    case beep
  }

  @Dependency(\.continuousClock) var clock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .startTapped:
      return .run { [clock] send in
        while true {
          try await clock.sleep(for: .seconds(1))
          await send(.beep)
        }
      }
    case .beep:
      state.beeps += 1
      return .none
    }
  }
}

/// Holds an optional stopwatch (a stored property) and an optional beeper (behind a computed
/// property, so `ifLet` reaches it through the key path instead of a field offset).
private struct Desk: Reducer {
  struct State: Equatable {
    var stopwatch: Stopwatch.State?
    var storedBeeper: Beeper.State?
    var beeper: Beeper.State? {
      get { storedBeeper }
      set { storedBeeper = newValue }
    }
  }

  enum Action: Equatable, CasePathable {
    case showStopwatch(id: Int)
    case relabelTapped
    case hideStopwatch
    case showBeeper
    case hideBeeper
    case stopwatch(Stopwatch.Action)
    case beeper(Beeper.Action)

    struct Cases: CaseList {
      let stopwatch = CasePath(Action.stopwatch) { if case let .stopwatch(a) = $0 { a } else { nil } }
      let beeper = CasePath(Action.beeper) { if case let .beeper(a) = $0 { a } else { nil } }
    }
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .showStopwatch(id): state.stopwatch = Stopwatch.State(id: id)
      case .relabelTapped: state.stopwatch?.label = "relabelled"
      case .hideStopwatch: state.stopwatch = nil
      case .showBeeper: state.beeper = Beeper.State()
      case .hideBeeper: state.beeper = nil
      case .stopwatch, .beeper: break
      }
      return .none
    }
    .ifLet(\.stopwatch, action: \.stopwatch) { Stopwatch() }
    .ifLet(\.beeper, action: \.beeper) { Beeper() }
  }
}

@MainActor struct IfLetTests {
  private func store(clock: TestClock) -> TestStore<Desk.State, Desk.Action> {
    TestStore(initialState: Desk.State()) {
      Desk()
    } withDependencies: {
      $0.continuousClock = clock
    }
  }

  @Test func editingTheChildInPlaceKeepsItsEffects() async {
    let clock = TestClock()
    let store = store(clock: clock)
    await store.send(.showStopwatch(id: 1)) { $0.stopwatch = Stopwatch.State(id: 1) }
    await store.send(.stopwatch(.startTapped))
    await store.send(.relabelTapped) { $0.stopwatch?.label = "relabelled" }
    await clock.advance(by: .seconds(1))
    await store.receive(.stopwatch(.tick)) { $0.stopwatch?.ticks = 1 }
    await store.send(.hideStopwatch) { $0.stopwatch = nil }
    await clock.advance(by: .seconds(3))
    // Exhaustive: a tick after hiding would be an unexpected action here.
    await store.finish()
  }

  @Test func aChildWithAnotherIDCancelsTheOldChildsEffects() async {
    let clock = TestClock()
    let store = store(clock: clock)
    await store.send(.showStopwatch(id: 1)) { $0.stopwatch = Stopwatch.State(id: 1) }
    await store.send(.stopwatch(.startTapped))
    await store.send(.showStopwatch(id: 2)) { $0.stopwatch = Stopwatch.State(id: 2) }
    await clock.advance(by: .seconds(3))
    await store.finish()
  }

  @Test func aChildThatRenumbersItselfCancelsTheEffectsOfItsOldIdentity() async {
    let clock = TestClock()
    let store = store(clock: clock)
    await store.send(.showStopwatch(id: 1)) { $0.stopwatch = Stopwatch.State(id: 1) }
    await store.send(.stopwatch(.startTapped))
    await store.send(.stopwatch(.renumberTapped)) { $0.stopwatch?.id = 101 }
    await clock.advance(by: .seconds(3))
    await store.finish()
  }

  @Test func aChildWithoutIdentityBehindAComputedPropertyIsCancelledWhenItGoesAway() async {
    let clock = TestClock()
    let store = store(clock: clock)
    await store.send(.showBeeper) { $0.storedBeeper = Beeper.State() }
    await store.send(.beeper(.startTapped))
    await clock.advance(by: .seconds(1))
    await store.receive(.beeper(.beep)) { $0.storedBeeper?.beeps = 1 }
    // Presenting it again while present keeps it the same child: its timer keeps going.
    await store.send(.showBeeper) { $0.storedBeeper = Beeper.State() }
    await clock.advance(by: .seconds(1))
    await store.receive(.beeper(.beep)) { $0.storedBeeper?.beeps = 1 }
    await store.send(.hideBeeper) { $0.storedBeeper = nil }
    await clock.advance(by: .seconds(3))
    await store.finish()
  }

  @Test func aChildActionWhileTheChildIsAbsentIsAnIssueAndChangesNothing() async {
    let store = store(clock: TestClock())
    await withKnownIssue {
      await store.send(.stopwatch(.tick))
    } matching: { issue in
      issue.description.contains("received a child action while its state was nil")
    }
    #expect(store.state == Desk.State())
  }
}
