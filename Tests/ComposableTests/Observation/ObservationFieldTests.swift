import Composable
import Observation
import Testing

/// Whether Observation told of a change since the last `track`: what a SwiftUI view re-renders on.
@MainActor final class ObservationProbe {
  private(set) var told = 0

  /// Runs `read` under `withObservationTracking`; the next change of what it read adds one to `told`.
  func track(_ read: () -> Void) {
    withObservationTracking(read) { [weak self] in
      MainActor.assumeIsolated { self?.told += 1 }
    }
  }
}

@MainActor struct ObservationFieldTests {
  @Test func aViewReadingOneFieldOfTheRootIsToldOnlyOfThatField() {
    let store = Store(initialState: Board.State()) { Board() }
    let probe = ObservationProbe()
    probe.track { _ = store.count }
    store.send(.touchUnread)
    store.send(.tile(.bump))
    #expect(probe.told == 0)
    store.send(.increment)
    #expect(probe.told == 1)
    // Told once, the view reads again to go on, as a SwiftUI body does; the store follows what it read anew.
    probe.track { _ = store.count }
    store.send(.touchUnread)
    #expect(probe.told == 1)
    store.send(.increment)
    #expect(probe.told == 2)
  }

  @Test func aViewReadingTheWholeStateOrAComputedPropertyIsToldOfEveryChange() {
    let store = Store(initialState: Board.State()) { Board() }
    let whole = ObservationProbe()
    whole.track { _ = store.state }
    let computed = ObservationProbe()
    computed.track { _ = store.doubled }
    store.send(.touchUnread)
    #expect(whole.told == 1)
    #expect(computed.told == 1)
  }

  // A SwiftUI view scopes again at each render: the store it read through is gone when the change comes, and the
  // view must still be told.
  @Test func aStoreScopedForOneRenderStillTellsTheViewOfItsField() {
    let store = Store(initialState: Board.State()) { Board() }
    let probe = ObservationProbe()
    probe.track { _ = store.scope(state: \.tile, action: \.tile).value }
    store.send(.increment)
    store.send(.tile(.annotate("not read")))
    #expect(probe.told == 0)
    store.send(.tile(.bump))
    #expect(probe.told == 1)
  }

  @Test func aPresentedChildIsFollowedThroughItsOwnFieldsUntilItIsDismissed() throws {
    var initial = Board.State()
    initial.sheet = Tile.State(id: 9)
    let store = Store(initialState: initial) { Board() }
    let probe = ObservationProbe()
    let read = { _ = store.scope(state: \.sheet, action: \.sheet.presented)?.value }
    probe.track(read)
    store.send(.sheet(.presented(.annotate("x"))))
    #expect(probe.told == 0)
    store.send(.sheet(.presented(.bump)))
    #expect(probe.told == 1)
    probe.track(read)
    store.send(.sheet(.dismiss))
    #expect(probe.told == 2)
  }

  @Test func eachRowOfAListTellsOnlyOfItsOwnFields() {
    let store = Store(initialState: Board.State()) { Board() }
    let probe = ObservationProbe()
    // As a SwiftUI `ForEach` reads: the row stores are made again at each render.
    let read = { _ = store.scope(state: \.tiles, action: \.tiles)[1].value }
    probe.track(read)
    #expect(store.scope(state: \.tiles, action: \.tiles).map(\.currentState.id) == [1, 2])
    store.send(.tiles(.element(id: 1, action: .bump)))
    store.send(.tiles(.element(id: 2, action: .annotate("not read"))))
    #expect(probe.told == 0)
    store.scope(state: \.tiles, action: \.tiles)[1].send(.bump)
    #expect(probe.told == 1)
    #expect(store.tiles[id: 2]?.value == 1)
  }

  @Test func aRemovedRowTellsItsReaderOnce() {
    let store = Store(initialState: Board.State()) { Board() }
    let probe = ObservationProbe()
    // The row's own body: the list's body, which scoped it, is told of rows added and removed.
    let row = store.scope(state: \.tiles, action: \.tiles)[0]
    probe.track { _ = row.value }
    store.send(.removeTile(2))
    #expect(probe.told == 0)
    store.send(.removeTile(1))
    #expect(probe.told == 1)
  }

  @Test func eachScreenOfAStackTellsOnlyOfItsOwnFields() throws {
    var initial = Board.State()
    initial.path.append(Tile.State(id: 7))
    initial.path.append(Tile.State(id: 8))
    let store = Store(initialState: initial) { Board() }
    let screens = store.scope(state: \.path, action: \.path)
    #expect(screens.map(\.id) == [0, 1])
    let probe = ObservationProbe()
    probe.track { _ = store.scope(state: \.path, action: \.path)[0].store.value }
    screens[1].store.send(.bump)
    screens[0].store.send(.annotate("not read"))
    #expect(probe.told == 0)
    screens[0].store.send(.bump)
    #expect(probe.told == 1)
    #expect(store.path[id: 0]?.value == 1)
  }

  @Test func aStateThatDoesNotOptInTellsOfEveryChange() {
    let store = Store(initialState: PlainCounter.State()) { PlainCounter() }
    let probe = ObservationProbe()
    probe.track { _ = store.count }
    store.send(.touchOther)
    #expect(probe.told == 1)
  }

  @Test func aChildScopedThroughAClosureIsFollowedWhole() {
    let store = Store(initialState: Board.State()) { Board() }
    let listed = store.scope(state: { $0.tiles[id: 1]! }, action: { .tiles(.element(id: 1, action: $0)) })
    let probe = ObservationProbe()
    probe.track { _ = listed.value }
    // No key path leads there, so no field can be named: any change tells.
    store.send(.touchUnread)
    #expect(probe.told == 1)
  }

  // A parent's body that shows a child only through its scope (`.sheet(item: $store.scope(…))`, a `ForEach`, a
  // `NavigationStack`) reads no field of it: it must still be told when the child comes and goes, or SwiftUI would
  // never show the sheet; and not when the child changes inside, which is the child's own body's business.
  @Test func aSheetReadOnlyThroughItsScopeTellsItsViewWhenItComesAndGoes() {
    let store = Store(initialState: Board.State()) { Board() }
    let probe = ObservationProbe()
    let read = { _ = store.scope(state: \.sheet, action: \.sheet.presented) }
    probe.track(read)
    store.send(.increment)
    #expect(probe.told == 0)
    store.send(.present(5))
    #expect(probe.told == 1, "presented")
    probe.track(read)
    store.send(.sheet(.presented(.bump)))
    store.send(.sheet(.presented(.annotate("inside"))))
    #expect(probe.told == 1, "a change inside the sheet is the sheet's own")
    store.send(.sheet(.dismiss))
    #expect(probe.told == 2, "dismissed")
    probe.track(read)
    store.send(.present(6))
    #expect(probe.told == 3, "presented again")
  }

  @Test func aListReadThroughItsRowScopesTellsItsViewOfRowsAddedAndRemovedOnly() {
    let store = Store(initialState: Board.State()) { Board() }
    let probe = ObservationProbe()
    let read = { _ = store.scope(state: \.tiles, action: \.tiles).count }
    probe.track(read)
    store.send(.tiles(.element(id: 1, action: .bump)))
    #expect(probe.told == 0, "a row's change is the row's own")
    store.send(.addTile(3))
    #expect(probe.told == 1, "a row added")
    probe.track(read)
    store.send(.removeTile(1))
    #expect(probe.told == 2, "a row removed")
  }

  @Test func aStackReadThroughItsScreenScopesTellsItsViewOfPushesAndPopsOnly() {
    var initial = Board.State()
    initial.path.append(Tile.State(id: 7))
    let store = Store(initialState: initial) { Board() }
    let probe = ObservationProbe()
    let read = { _ = store.scope(state: \.path, action: \.path).map(\.id) }
    probe.track(read)
    store.send(.path(.element(id: 0, action: .bump)))
    #expect(probe.told == 0, "a screen's change is the screen's own")
    store.send(.push(8))
    #expect(probe.told == 1, "pushed")
    probe.track(read)
    store.send(.popLast)
    #expect(probe.told == 2, "popped")
  }

  @Test func aChildScopedThroughAClosureReadsItsOptionalWhole() {
    let store = Store(initialState: Board.State()) { Board() }
    let board = store.scope(state: { $0 }, action: { $0 })
    let probe = ObservationProbe()
    probe.track { _ = board.scope(state: \.sheet, action: \.sheet.presented) }
    // No key path leads from the root: the parent is followed whole, which still tells of the presentation.
    store.send(.present(5))
    #expect(probe.told == 1)
  }
}
