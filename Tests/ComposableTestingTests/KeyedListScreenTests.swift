import ComposableTesting
import Testing

/// A list whose rows have no `id` of their own: identified by their name through a key path, as
/// identified-collections allows, and run by `forEach` as any list.
struct TallyList: Reducer {
  struct State: Equatable, ObservableState {
    var tallies = IdentifiedArray(uniqueElements: ["apples", "pears"].map { Tally.State(name: $0) }, id: \.name)
  }

  enum Action: Equatable, CasePathable {
    case tallies(IdentifiedAction<String, Tally.Action>)
    case removeTapped(name: String)
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      if case let .removeTapped(name) = action { state.tallies.remove(id: name) }
      return .none
    }
    .forEach(\.tallies, action: \.tallies) { Tally() }
  }
}

/// One row: a count that goes up a second after it is tapped.
struct Tally: Reducer {
  struct State: Equatable, ObservableState {
    var name: String
    var count = 0
  }

  enum Action: Equatable, CasePathable {
    case countTapped
    case counted
  }

  @Dependency(\.continuousClock) var clock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .countTapped:
      return .run { [clock] send in
        try await clock.sleep(for: .seconds(1))
        await send(.counted)
      }
    case .counted:
      state.count += 1
      return .none
    }
  }
}

@MainActor struct KeyedListScreenTests {
  @Test func aRowsActionReachesTheRowNamedByItsKeyPathId() async {
    let clock = TestClock()
    let store = TestStore(initialState: TallyList.State()) {
      TallyList()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.tallies(.element(id: "pears", action: .countTapped)))
    await clock.advance(by: .seconds(1))
    await store.receive(.tallies(.element(id: "pears", action: .counted))) {
      $0.tallies[id: "pears"]?.count = 1
    }
  }

  @Test func removingARowCancelsItsEffects() async {
    let clock = TestClock()
    let store = TestStore(initialState: TallyList.State()) {
      TallyList()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.tallies(.element(id: "apples", action: .countTapped)))
    await store.send(.removeTapped(name: "apples")) {
      $0.tallies.remove(id: "apples")
    }
    await clock.run()
  }

  @Test func anActionForAMissingNameIsReported() async {
    let store = TestStore(initialState: TallyList.State()) { TallyList() }
    await withKnownIssue {
      await store.send(.tallies(.element(id: "plums", action: .countTapped)))
    } matching: {
      $0.description.contains("missing element (id plums)")
    }
  }

  @Test(arguments: ViewHarness.Tracking.allCases)
  func aChangeInOneRowRendersThatRowAlone(tracking: ViewHarness.Tracking) {
    let store = Store(initialState: TallyList.State()) { TallyList() }
    let harness = ViewHarness(
      HarnessView("Tallies", store: store) { content in
        for row in store.scope(state: \.tallies, action: \.tallies) {
          content.show(HarnessView(row.currentState.name, store: row) { $0.text("\(row.name): \(row.count)") })
        }
      }, keptBy: tracking)
    store.send(.tallies(.element(id: "apples", action: .counted)))
    #expect(harness.settle() == ["apples"])
    #expect(harness.screen == ["apples: 1", "pears: 0"])
    store.send(.removeTapped(name: "apples"))
    #expect(harness.settle() == ["Tallies"])
    #expect(harness.screen == ["pears: 0"])
  }
}
