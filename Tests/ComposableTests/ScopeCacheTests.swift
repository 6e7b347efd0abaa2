import Composable
import Testing

/// A scope through key paths returns the same store while its child lives, as TCA's does: SwiftUI keeps a child
/// view by its store's identity, and a new store at every render would make it a new view.
@MainActor struct ScopeCacheTests {
  @Test func aKeyPathScopeReturnsTheSameStoreWhileItIsInUse() {
    let store = Store(initialState: Board.State()) { Board() }
    let tile = store.scope(state: \.tile, action: \.tile)
    #expect(store.scope(state: \.tile, action: \.tile) === tile)
    tile.send(.bump)
    #expect(store.scope(state: \.tile, action: \.tile).value == 1)
  }

  @Test func aPresentedChildKeepsItsStoreUntilDismissedAndGetsANewOneWhenPresentedAgain() throws {
    let store = Store(initialState: Board.State()) { Board() }
    #expect(store.scope(state: \.sheet, action: \.sheet.presented) == nil)
    store.send(.present(5))
    let first = try #require(store.scope(state: \.sheet, action: \.sheet.presented))
    #expect(store.scope(state: \.sheet, action: \.sheet.presented) === first)
    store.send(.sheet(.dismiss))
    #expect(store.scope(state: \.sheet, action: \.sheet.presented) == nil)
    store.send(.present(6))
    let second = try #require(store.scope(state: \.sheet, action: \.sheet.presented))
    #expect(second !== first)
    #expect(second.currentState.id == 6)
  }

  @Test func eachRowAndEachScreenKeepsItsStoreAcrossScopesWhileItIsInUse() {
    var initial = Board.State()
    initial.path.append(Tile.State(id: 7))
    let store = Store(initialState: initial) { Board() }
    let rows = store.scope(state: \.tiles, action: \.tiles)
    store.send(.addTile(3))
    let again = store.scope(state: \.tiles, action: \.tiles)
    #expect(again.count == 3)
    #expect(again[0] === rows[0])
    #expect(again[1] === rows[1])
    let screens = store.scope(state: \.path, action: \.path)
    store.send(.push(8))
    let pushed = store.scope(state: \.path, action: \.path)
    #expect(pushed[0].store === screens[0].store)
    #expect(pushed.map(\.store.currentState.id) == [7, 8])
  }

  @Test func theCacheKeepsNoStoreAlive() {
    weak var released: Store<Board.State, Board.Action>?
    weak var releasedChild: Store<Tile.State, Tile.Action>?
    do {
      let store = Store(initialState: Board.State()) { Board() }
      let child = store.scope(state: \.tile, action: \.tile)
      released = store
      releasedChild = child
      #expect(released != nil)
    }
    #expect(released == nil)
    #expect(releasedChild == nil)
  }
}
