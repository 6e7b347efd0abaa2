import Composable
import ComposableTesting
import Testing

/// Presents a `Stopwatch` child and can relabel it in place or replace it with another number.
struct IdentityShelf: Reducer {
  struct State: Equatable {
    @Presents var item: Stopwatch.State?
  }

  enum Action: Equatable, CasePathable {
    case show(Int)
    case relabelTapped
    case item(PresentationAction<Stopwatch.Action>)
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .show(id):
        state.item = Stopwatch.State(id: id)
      case .relabelTapped:
        state.item?.label = "relabelled"
      case .item:
        break
      }
      return .none
    }
    .ifLet(\.$item, action: \.item) { Stopwatch() }
  }
}

/// A presented child is "the same child" while its identity (here its id) stays: writes that keep
/// it keep the child's effects, and a new identity, from the parent or the child itself, cancels them.
@MainActor struct PresentationIdentityTests {
  private func store(clock: TestClock) -> TestStore<IdentityShelf.State, IdentityShelf.Action> {
    TestStore(initialState: IdentityShelf.State()) {
      IdentityShelf()
    } withDependencies: {
      $0.continuousClock = clock
    }
  }

  @Test func theParentEditingThePresentedChildInPlaceKeepsItsEffects() async {
    let clock = TestClock()
    let store = store(clock: clock)
    await store.send(.show(1)) { $0.item = Stopwatch.State(id: 1) }
    await store.send(.item(.presented(.startTapped)))
    await store.send(.relabelTapped) { $0.item?.label = "relabelled" }
    await clock.advance(by: .seconds(1))
    await store.receive(.item(.presented(.tick))) { $0.item?.ticks = 1 }
    await store.send(.item(.dismiss)) { $0.item = nil }
    await store.finish()
  }

  @Test func theParentPresentingAnotherIDCancelsTheOldChildsEffects() async {
    let clock = TestClock()
    let store = store(clock: clock)
    await store.send(.show(1)) { $0.item = Stopwatch.State(id: 1) }
    await store.send(.item(.presented(.startTapped)))
    await store.send(.show(2)) { $0.item = Stopwatch.State(id: 2) }
    await clock.advance(by: .seconds(3))
    // Exhaustive: a tick from the first child's timer would be an unexpected action here.
    await store.finish()
  }

  @Test func aChildThatRenumbersItselfCancelsTheEffectsOfItsOldIdentity() async {
    let clock = TestClock()
    let store = store(clock: clock)
    await store.send(.show(1)) { $0.item = Stopwatch.State(id: 1) }
    await store.send(.item(.presented(.startTapped)))
    await store.send(.item(.presented(.renumberTapped))) { $0.item?.id = 101 }
    await clock.advance(by: .seconds(3))
    await store.finish()
  }
}
