import Composable
import ComposableTesting
import Testing

/// A list that favorites items, and a detail that shows and toggles the same favorites.
struct Favorites: Reducer {
  struct State: Equatable {
    @Shared(.inMemory("favorites")) var favorites: Set<Int> = []
  }

  enum Action: Equatable, CasePathable {
    case toggle(Int)
    case toggleLater(Int)
    case toggled
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case let .toggle(id):
      state.$favorites.withLock { _ = $0.remove(id) ?? $0.insert(id).memberAfterInsert }
      return .none
    case let .toggleLater(id):
      return .run { [favorites = state.$favorites] send in
        favorites.withLock { _ = $0.remove(id) ?? $0.insert(id).memberAfterInsert }
        await send(.toggled)
      }
    case .toggled:
      return .none
    }
  }
}

/// Two features that share favorites without syncing.
struct Directory: Reducer {
  struct State: Equatable {
    var list = Favorites.State()
    var detail = Favorites.State()
  }

  enum Action: Equatable, CasePathable {
    case list(Favorites.Action)
    case detail(Favorites.Action)
  }

  var body: some ReducerOf<Self> {
    Scope(state: \.list, action: \.list) { Favorites() }
    Scope(state: \.detail, action: \.detail) { Favorites() }
  }
}

@MainActor struct SharedStateFeatureTests {
  @Test func aChangeInOneFeatureIsSeenInTheOther() async {
    let store = TestStore(initialState: Directory.State()) { Directory() }
    await store.send(.list(.toggle(7))) { $0.list.$favorites.withLock { $0 = [7] } }
    #expect(store.state.detail.favorites == [7])
    await store.send(.detail(.toggle(7))) { $0.detail.$favorites.withLock { $0 = [] } }
    #expect(store.state.list.favorites == [])
  }

  @Test func anUnassertedSharedChangeFailsTheTest() async {
    let store = TestStore(initialState: Favorites.State()) { Favorites() }
    await withKnownIssue {
      await store.send(.toggle(1))
    } matching: {
      $0.description.contains("changed, but the test did not assert it")
    }
  }

  @Test func aWrongSharedAssertionFailsWithADiff() async {
    let store = TestStore(initialState: Favorites.State()) { Favorites() }
    await withKnownIssue {
      await store.send(.toggle(1)) { $0.$favorites.withLock { $0 = [2] } }
    } matching: {
      $0.description.contains("-   2") && $0.description.contains("+   1")
    }
  }

  @Test func assertingAChangeThatDidNotHappenFails() async {
    let store = TestStore(initialState: Favorites.State()) { Favorites() }
    await store.send(.toggle(1)) { $0.$favorites.withLock { $0 = [1] } }
    await withKnownIssue {
      await store.send(.toggled) { $0.$favorites.withLock { _ = $0.insert(5) } }
    } matching: {
      $0.description.contains("is not what the test expected")
    }
  }

  @Test func aChangeMadeByAnEffectIsAssertedWhereItHappened() async {
    let store = TestStore(initialState: Favorites.State()) { Favorites() }
    await store.send(.toggleLater(3))
    await store.receive(.toggled) { $0.$favorites.withLock { $0 = [3] } }
  }

  @Test func eachTestStoreHasItsOwnStorage() async {
    let first = TestStore(initialState: Favorites.State()) { Favorites() }
    await first.send(.toggle(1)) { $0.$favorites.withLock { $0 = [1] } }
    let second = TestStore(initialState: Favorites.State()) { Favorites() }
    #expect(second.state.favorites == [])
    #expect(first.state.favorites == [1])
  }

  @Test func nonExhaustiveStoresIgnoreUnassertedSharedChanges() async {
    let store = TestStore(initialState: Favorites.State()) { Favorites() }
    store.exhaustivity = .off
    await store.send(.toggle(1))
    await withKnownIssue {
      await store.send(.toggle(2)) { $0.$favorites.withLock { $0 = [9] } }
    } matching: {
      $0.description.contains("is not what the test expected")
    }
  }
}

/// Changes a shared value from an effect and sends nothing after it.
private struct SilentWriter: Reducer {
  struct State: Equatable {
    @Shared(.inMemory("count")) var count = 0
  }

  func reduce(into state: inout State, action: Void) -> Effect<Void> {
    .run { [count = state.$count] _ in count.withLock { $0 += 1 } }
  }
}

@MainActor struct SharedChangesAtTheEndTests {
  @Test func aChangeAnEffectMadeAfterTheLastAssertionFailsAtTheEnd() async {
    await withKnownIssue {
      let store = TestStore(initialState: SilentWriter.State()) { SilentWriter() }
      await store.send(()).finish()
    } matching: {
      $0.description.contains("At the end of the test: The shared value 'memory:count' changed")
    }
  }

  @Test func assertingItWithAssertPasses() async {
    let store = TestStore(initialState: SilentWriter.State()) { SilentWriter() }
    await store.send(()).finish()
    store.assert { $0.$count.withLock { $0 = 1 } }
  }
}

/// A feature that switches its favorites to a value of its own, holding 7.
struct FavoritesSwitching: Reducer {
  struct State: Equatable {
    @Shared(.inMemory("favorites")) var favorites: Set<Int> = []
  }

  enum Action: Equatable, CasePathable {
    case startOverWithSeven
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.$favorites = Shared(value: [7])
    return .none
  }
}

@MainActor struct SharedRebindingUnderATestStoreTests {
  @Test func aFeatureSwitchingItsSharedValueIsAssertedAsAChangeOfIt() async {
    let store = TestStore(initialState: FavoritesSwitching.State()) { FavoritesSwitching() }
    await store.send(.startOverWithSeven) {
      $0.$favorites.withLock { $0 = [7] }
    }
    #expect(store.state.favorites == [7])
  }

  @Test func aSwitchLeftUnassertedFailsWithTheValuesBeforeAndAfter() async {
    let store = TestStore(initialState: FavoritesSwitching.State()) { FavoritesSwitching() }
    await withKnownIssue {
      await store.send(.startOverWithSeven)
    } matching: {
      $0.description.contains("changed, but the test did not assert it") && $0.description.contains("+   7")
    }
  }
}
