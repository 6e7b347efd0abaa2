import Composable
import ComposableTesting
import Testing

/// A parent that shows its presented tile's value and counts its bumps, lists tiles, and keeps a shared total: one
/// action can change something of several stores at once, as TCA's integration screens do.
struct Mirror: Reducer {
  struct State: Equatable, ObservableState {
    var bumps = 0
    @Presents var sheet: Tile.State?
    var tiles: IdentifiedArrayOf<Tile.State> = [Tile.State(id: 1)]
    // Values of their own, in no storage: nothing of them outlives the test.
    @Shared(value: 0) var total: Int
    @Shared(value: "") var note: String
  }

  enum Action: Equatable, CasePathable {
    case present
    case sheet(PresentationAction<Tile.Action>)
    case tiles(IdentifiedActionOf<Tile>)
    case addTileAndBumpFirst(Int)
    case bumpAndTotal
    case totalAndNote
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .present:
        state.sheet = Tile.State(id: 9)
      case .sheet(.presented(.bump)):
        state.bumps += 1
      case .sheet(.dismiss):
        state.bumps = 0
      case let .addTileAndBumpFirst(id):
        state.tiles.append(Tile.State(id: id))
        state.tiles[id: 1]?.value += 1
      case .bumpAndTotal:
        state.bumps += 1
        state.$total.withLock { $0 += 1 }
      case .totalAndNote:
        state.$total.withLock { $0 += 1 }
        state.$note.withLock { $0 += "!" }
      case .sheet, .tiles:
        break
      }
      return .none
    }
    .ifLet(\.$sheet, action: \.sheet) { Tile() }
    .forEach(\.tiles, action: \.tiles) { Tile() }
  }
}

/// `observe { }` runs once per send that changed what it read, however many of the stores it read changed, and a
/// shared value's change it already saw runs nothing more: swift-navigation's `observe`, where a send made several
/// changes, runs once.
@MainActor struct ObserveRunsOncePerChangeTests {
  @Test func aParentShowingItsChildsValueRunsOnceWhenBothChange() throws {
    let store = Store(initialState: Mirror.State()) { Mirror() }
    store.send(.present)
    var shown: [String] = []
    let token = observe {
      let sheet = store.scope(state: \.sheet, action: \.sheet.presented)
      shown.append("bumps \(store.bumps), sheet \(sheet.map { "\($0.value)" } ?? "none")")
    }
    store.send(.sheet(.presented(.bump)))
    #expect(shown == ["bumps 0, sheet 0", "bumps 1, sheet 1"])
    store.send(.sheet(.dismiss))
    #expect(shown == ["bumps 0, sheet 0", "bumps 1, sheet 1", "bumps 0, sheet none"])
    token.cancel()
  }

  @Test func aListWhoseIdsAndARowChangeInOneSendRunsOnce() {
    let store = Store(initialState: Mirror.State()) { Mirror() }
    var shown: [[Int]] = []
    let token = observe {
      shown.append(store.scope(state: \.tiles, action: \.tiles).map(\.value))
    }
    store.send(.addTileAndBumpFirst(2))
    #expect(shown == [[0], [1, 0]])
    token.cancel()
  }

  @Test func aFieldAndASharedValueChangedByOneSendRunItOnce() async {
    let store = Store(initialState: Mirror.State()) { Mirror() }
    var shown: [String] = []
    let token = observe { shown.append("bumps \(store.bumps), total \(store.total)") }
    let before = store.total
    store.send(.bumpAndTotal)
    let expected = ["bumps 0, total \(before)", "bumps 1, total \(before + 1)"]
    #expect(shown == expected, "at once: the send changed a field it read")
    // The shared value's follower comes on the main actor's next turn, and finds its change already shown.
    for _ in 0..<20 { await Task.yield() }
    try? await Task.sleep(for: .milliseconds(20))
    #expect(shown == expected)
    store.send(.bumpAndTotal)
    #expect(shown.count == 3)
    token.cancel()
  }

  @Test func twoSharedValuesChangedTogetherRunItOnce() async {
    let store = Store(initialState: Mirror.State()) { Mirror() }
    var shown: [String] = []
    let token = observe { shown.append("total \(store.total), note \(store.note)") }
    let before = store.total
    store.send(.totalAndNote)
    #expect(await eventually { shown.count == 2 })
    for _ in 0..<20 { await Task.yield() }
    try? await Task.sleep(for: .milliseconds(20))
    #expect(shown == ["total \(before), note ", "total \(before + 1), note !"])
    token.cancel()
  }

  @Test func observersToldInOnePassRunInTheOrderTheyBeganAndAReleasedOneRunsNoMore() {
    let store = Store(initialState: Board.State()) { Board() }
    var log: [String] = []
    var later: ObserveToken?
    let first = observe {
      log.append("first \(store.count)")
      if store.count > 1 { later = nil }
    }
    later = observe { log.append("later \(store.count)") }
    store.send(.increment)
    #expect(log == ["first 0", "later 0", "first 1", "later 1"])
    store.send(.increment)
    #expect(log == ["first 0", "later 0", "first 1", "later 1", "first 2"], "released before its turn")
    _ = (first, later)
  }

  @Test func withObservationTrackingIsToldOnceAndReadsEveryChangeOfTheSend() throws {
    let store = Store(initialState: Mirror.State()) { Mirror() }
    store.send(.present)
    let probe = ObservationProbe()
    probe.track {
      _ = store.bumps
      _ = store.scope(state: \.sheet, action: \.sheet.presented)?.value
    }
    store.send(.sheet(.presented(.bump)))
    #expect(probe.told == 1)
    let sheet = try #require(store.scope(state: \.sheet, action: \.sheet.presented))
    #expect(store.bumps == 1)
    #expect(sheet.value == 1)
  }
}
