import Composable
import ComposableTesting
import Testing

/// A presentable child identified by a number, with a timer it can start and a way to renumber itself.
private struct Numbered: Reducer {
  struct State: Equatable, Identifiable {
    var id: Int
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

/// Presents a `Numbered` child and can relabel it in place or replace it with another number.
private struct Shelf: Reducer {
  struct State: Equatable {
    @Presents var item: Numbered.State?
  }

  enum Action: Equatable, CasePathable {
    case show(Int)
    case relabelTapped
    case item(PresentationAction<Numbered.Action>)

    struct Cases: CaseList {
      let item = CasePath(Action.item) { if case let .item(a) = $0 { a } else { nil } }
    }
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .show(id):
        state.item = Numbered.State(id: id)
      case .relabelTapped:
        state.item?.label = "relabelled"
      case .item:
        break
      }
      return .none
    }
    .ifLet(\.$item, action: \.item) { Numbered() }
  }
}

/// A presented child is "the same child" while its identity (here its id) stays: writes that keep
/// it keep the child's effects, and a new identity, from the parent or the child itself, cancels them.
@MainActor struct PresentationIdentityTests {
  private func store(clock: TestClock) -> TestStore<Shelf.State, Shelf.Action> {
    TestStore(initialState: Shelf.State()) {
      Shelf()
    } withDependencies: {
      $0.continuousClock = clock
    }
  }

  @Test func theParentEditingThePresentedChildInPlaceKeepsItsEffects() async {
    let clock = TestClock()
    let store = store(clock: clock)
    await store.send(.show(1)) { $0.item = Numbered.State(id: 1) }
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
    await store.send(.show(1)) { $0.item = Numbered.State(id: 1) }
    await store.send(.item(.presented(.startTapped)))
    await store.send(.show(2)) { $0.item = Numbered.State(id: 2) }
    await clock.advance(by: .seconds(3))
    // Exhaustive: a tick from the first child's timer would be an unexpected action here.
    await store.finish()
  }

  @Test func aChildThatRenumbersItselfCancelsTheEffectsOfItsOldIdentity() async {
    let clock = TestClock()
    let store = store(clock: clock)
    await store.send(.show(1)) { $0.item = Numbered.State(id: 1) }
    await store.send(.item(.presented(.startTapped)))
    await store.send(.item(.presented(.renumberTapped))) { $0.item?.id = 101 }
    await clock.advance(by: .seconds(3))
    await store.finish()
  }
}
