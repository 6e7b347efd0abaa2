import Composable
import ComposableTesting
import Foundation
import Testing

/// One counter of a board: its own value and a field nobody watches.
struct Tile: Reducer {
  struct State: Equatable, Identifiable, ObservableState {
    var id: Int
    var value = 0
    var note = ""
  }

  enum Action: Equatable, CasePathable {
    case bump
    case annotate(String)
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .bump: state.value += 1
    case let .annotate(note): state.note = note
    }
    return .none
  }
}

/// A board whose state opts into field-level observation: a count, a field no observer reads, and tiles reached
/// through every kind of scope (a field, a presentation, a list, a stack).
struct Board: Reducer {
  struct State: Equatable, ObservableState {
    var count = 0
    var unread = 0
    var tile = Tile.State(id: 0)
    @Presents var sheet: Tile.State?
    var tiles: IdentifiedArrayOf<Tile.State> = [Tile.State(id: 1), Tile.State(id: 2)]
    var path = StackState<Tile.State>()
    private var secret = 0

    var doubled: Int { count * 2 }

    mutating func whisper() { secret += 1 }
  }

  enum Action: Equatable, CasePathable {
    case increment
    case touchUnread
    case whisper
    case tile(Tile.Action)
    case sheet(PresentationAction<Tile.Action>)
    case tiles(IdentifiedActionOf<Tile>)
    case path(StackActionOf<Tile>)
    case removeTile(Int)
    case addTile(Int)
    case present(Int)
    case push(Int)
    case popLast
  }

  var body: some ReducerOf<Self> {
    Scope(state: \.tile, action: \.tile) { Tile() }
    Reduce { state, action in
      switch action {
      case .increment: state.count += 1
      case .touchUnread: state.unread += 1
      case .whisper: state.whisper()
      case let .removeTile(id): state.tiles[id: id] = nil
      case let .addTile(id): state.tiles.append(Tile.State(id: id))
      case let .present(id): state.sheet = Tile.State(id: id)
      case let .push(id): state.path.append(Tile.State(id: id))
      case .popLast: state.path.removeLast()
      case .tile, .sheet, .tiles, .path: break
      }
      return .none
    }
    .ifLet(\.$sheet, action: \.sheet) { Tile() }
    .forEach(\.tiles, action: \.tiles) { Tile() }
    .forEach(\.path, action: \.path) { Tile() }
  }
}

/// A state that does not opt in: its observers hear of every send.
struct PlainCounter: Reducer {
  struct State: Equatable {
    var count = 0
    var other = 0
  }

  enum Action: Equatable { case increment, touchOther }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .increment: state.count += 1
    case .touchOther: state.other += 1
    }
    return .none
  }
}

@MainActor struct FieldObservationTests {
  @Test func anObserverRunsAgainOnlyWhenAFieldItReadChanges() {
    let store = Store(initialState: Board.State()) { Board() }
    var seen: [Int] = []
    let token = observe { seen.append(store.count) }
    store.send(.touchUnread)
    store.send(.tile(.bump))
    #expect(seen == [0])
    store.send(.increment)
    #expect(seen == [0, 1])
    token.cancel()
    store.send(.increment)
    #expect(seen == [0, 1])
  }

  @Test func aComputedPropertyDependsOnTheWholeStateAndAPrivateFieldCountsAsAChange() {
    let store = Store(initialState: Board.State()) { Board() }
    var runs = 0
    let token = observe {
      _ = store.doubled
      runs += 1
    }
    store.send(.touchUnread)
    #expect(runs == 2)
    // Only a private field changed: the generated list cannot see it, so every reader is told.
    store.send(.whisper)
    #expect(runs == 3)
    _ = token
  }

  @Test func whatAnObserverReadsIsRecordedAnewOnEachRun() {
    let store = Store(initialState: Board.State()) { Board() }
    var reads: [String] = []
    let token = observe {
      // Reads `unread` only while the count is odd.
      reads.append(store.count % 2 == 1 ? "count \(store.count), unread \(store.unread)" : "count \(store.count)")
    }
    store.send(.touchUnread)
    store.send(.increment)
    store.send(.touchUnread)
    #expect(reads == ["count 0", "count 1, unread 1", "count 1, unread 2"])
    _ = token
  }

  @Test func aChildScopedToAFieldIsFollowedThroughItsOwnFields() throws {
    let store = Store(initialState: Board.State()) { Board() }
    let tile = store.scope(state: \.tile, action: \.tile)
    var values: [Int] = []
    let token = observe { values.append(tile.value) }
    store.send(.increment)
    tile.send(.annotate("not read"))
    #expect(values == [0])
    tile.send(.bump)
    #expect(values == [0, 1])
    _ = token
  }

  @Test func presentedListedAndStackedChildrenAreFollowedThroughTheirOwnFields() throws {
    var initial = Board.State()
    initial.sheet = Tile.State(id: 9)
    initial.path.append(Tile.State(id: 7))
    let store = Store(initialState: initial) { Board() }
    let sheet = try #require(store.scope(state: \.sheet, action: \.sheet.presented))
    let listed = store.scope(state: { $0.tiles[id: 2]! }, action: { .tiles(.element(id: 2, action: $0)) })
    let stacked = store.scope(state: { $0.path[id: 0]! }, action: { .path(.element(id: 0, action: $0)) })
    var log: [String] = []
    let token = observe { log.append("sheet \(sheet.value), tile \(listed.value), pushed \(stacked.value)") }
    store.send(.tiles(.element(id: 1, action: .bump)))
    sheet.send(.annotate("x"))
    listed.send(.annotate("y"))
    stacked.send(.annotate("z"))
    #expect(log == ["sheet 0, tile 0, pushed 0"])
    sheet.send(.bump)
    listed.send(.bump)
    stacked.send(.bump)
    #expect(
      log == [
        "sheet 0, tile 0, pushed 0", "sheet 1, tile 0, pushed 0", "sheet 1, tile 1, pushed 0",
        "sheet 1, tile 1, pushed 1",
      ])
    _ = token
  }

  @Test func aDismissedChildsObserversAreToldOnce() throws {
    var initial = Board.State()
    initial.sheet = Tile.State(id: 9)
    let store = Store(initialState: initial) { Board() }
    var runs = 0
    let token = observe {
      _ = store.scope(state: \.sheet, action: \.sheet.presented)?.value
      runs += 1
    }
    store.send(.sheet(.dismiss))
    #expect(runs == 2)
    store.send(.increment)
    #expect(runs == 2)
    _ = token
  }

  @Test func readingTheWholeStateFollowsEveryChange() {
    let store = Store(initialState: Board.State()) { Board() }
    var runs = 0
    let token = observe {
      _ = store.state
      runs += 1
    }
    store.send(.touchUnread)
    #expect(runs == 2)
    _ = token
  }

  @Test func aStateThatDoesNotOptInTellsItsObserversOfEverySend() {
    let store = Store(initialState: PlainCounter.State()) { PlainCounter() }
    var runs = 0
    let token = observe {
      _ = store.count
      runs += 1
    }
    store.send(.touchOther)
    #expect(runs == 2)
    _ = token
  }

  @Test func aReleasedTokenStopsTheObservation() {
    let store = Store(initialState: Board.State()) { Board() }
    var runs = 0
    var token: ObserveToken? = observe {
      _ = store.count
      runs += 1
    }
    store.send(.increment)
    #expect(runs == 2)
    token = nil
    store.send(.increment)
    #expect(runs == 2)
    _ = token
  }

  @Test func anObserverOfAScopeRunsAgainWhenTheChildComesAndGoesNotWhenItChanges() {
    let store = Store(initialState: Board.State()) { Board() }
    var shown: [String] = []
    let token = observe {
      let sheet = store.scope(state: \.sheet, action: \.sheet.presented)
      shown.append(sheet.map { "sheet \($0.currentState.id)" } ?? "no sheet")
      shown.append("\(store.scope(state: \.path, action: \.path).count) screens")
    }
    store.send(.present(5))
    store.send(.sheet(.presented(.bump)))
    store.send(.push(9))
    store.send(.path(.element(id: 0, action: .bump)))
    store.send(.sheet(.dismiss))
    #expect(
      shown == [
        "no sheet", "0 screens", "sheet 5", "0 screens", "sheet 5", "1 screens", "no sheet", "1 screens",
      ])
    token.cancel()
  }
}

/// A feed whose last sync time no view shows: left out of observation, kept in the state.
struct Feed: Reducer {
  struct State: Equatable, Codable, ObservableState {
    var items = 0
    @ObservationStateIgnored var lastSync = 0
  }

  enum Action: Equatable { case load, sync }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .load: state.items += 1
    case .sync: state.lastSync += 1
    }
    return .none
  }
}

@MainActor struct ObservationStateIgnoredTests {
  @Test func aChangeOfAnIgnoredFieldAloneTellsNoObserver() {
    let store = Store(initialState: Feed.State()) { Feed() }
    var runs = 0
    let token = observe {
      _ = store.items
      runs += 1
    }
    let probe = ObservationProbe()
    probe.track { _ = store.items }
    store.send(.sync)
    #expect(runs == 1)
    #expect(probe.told == 0)
    #expect(store.currentState.lastSync == 1, "the state still holds it")
    store.send(.load)
    #expect(runs == 2)
    #expect(probe.told == 1)
    token.cancel()
  }

  @Test func anIgnoredFieldIsAnOrdinaryFieldForEqualityCodingAndTheTestStore() async throws {
    var synced = Feed.State()
    synced.lastSync = 3
    #expect(synced != Feed.State())
    let json = String(decoding: try JSONEncoder().encode(synced), as: UTF8.self)
    #expect(json.contains(#""lastSync":3"#))
    #expect(try JSONDecoder().decode(Feed.State.self, from: Data(json.utf8)) == synced)
    let store = TestStore(initialState: Feed.State()) { Feed() }
    await store.send(.sync) { $0.lastSync = 1 }
  }
}
