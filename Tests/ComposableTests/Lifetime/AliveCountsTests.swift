import Composable
import Foundation
import Observation
import Testing

/// A feature whose effect runs until cancelled: what a released root store must stop.
struct Forever: Reducer {
  /// Counts this reducer's effects; one per test, as tests may run side by side.
  let counts: ForeverEffect
  struct State: Equatable {}
  enum Action: Equatable { case start, tick }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .start:
      return .run { [counts] send in
        counts.started.mark()
        while !Task.isCancelled {
          try? await Task.sleep(nanoseconds: 1_000_000)
        }
        counts.ended.mark()
      }
    case .tick:
      return .none
    }
  }
}

/// How many `Forever` effects began their body, and how many saw their cancellation and ended it.
final class ForeverEffect: Sendable {
  /// A count any thread may bump.
  final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0
    func mark() { lock.withLock { value += 1 } }
    var count: Int { lock.withLock { value } }
  }
  let started = Counter()
  let ended = Counter()
}

/// Opening and closing every kind of child, as views do, leaves nothing more alive than before.
@MainActor struct AliveCountsTests {
  /// What is alive once the main actor has run what released views left for its next turn: a token released off
  /// the main thread (as the test runner's main actor is here) ends its following there.
  private func settled<State, Action>(_ store: Store<State, Action>) async -> AliveCounts {
    for _ in 0..<3 { await Task.yield() }
    return store.alive
  }

  /// A view per store reading its whole value, as a list's rows or a stack's screens do.
  private func viewsReadingEach(_ stores: [StoreOf<Tile>]) -> [ObserveToken] {
    stores.map { store in observe { _ = store.value } }
  }

  @Test func aSheetOpenedAndClosedTenTimesLeavesNothingBehind() async {
    let store = Store(initialState: Board.State()) { Board() }
    // The parent's view: shows whether the sheet is up, and the count.
    let parentView = observe {
      _ = store.scope(state: \.sheet, action: \.sheet.presented)?.value
      _ = store.count
    }
    let baseline = await settled(store)
    for id in 0..<10 {
      store.send(.present(id))
      do {
        let sheet = store.scope(state: \.sheet, action: \.sheet.presented)
        let sheetView = observe { _ = sheet?.value }
        sheet?.send(.bump)
        let open = await settled(store)
        #expect(open.stores["Tile.State"] == 1)
        #expect(open.fieldObservers == baseline.fieldObservers + 1)
        store.send(.sheet(.dismiss))
        // Kept to here, past the dismissal, as a view still on screen would be (the optimizer ends unused
        // values early otherwise).
        withExtendedLifetime((sheet, sheetView)) {}
      }
      let closed = await settled(store)
      #expect(closed == baseline)
    }
    let after = await settled(store)
    #expect(after == baseline)
    withExtendedLifetime(parentView) {}
  }

  @Test func screensPushedAndPoppedLeaveNothingBehind() async {
    let store = Store(initialState: Board.State()) { Board() }
    let stackView = observe { _ = store.scope(state: \.path, action: \.path).count }
    let baseline = await settled(store)
    for round in 0..<10 {
      // One screen, then a stack three deep, each with its view.
      let depth = round.isMultiple(of: 2) ? 1 : 3
      for id in 0..<depth { store.send(.push(id)) }
      do {
        let screens = store.scope(state: \.path, action: \.path).map(\.store)
        let views = viewsReadingEach(screens)
        for screen in screens { screen.send(.bump) }
        let open = await settled(store)
        #expect(open.stores["Tile.State"] == depth)
        #expect(open.rowFollowers == depth)
        for _ in 0..<depth { store.send(.popLast) }
        withExtendedLifetime((screens, views)) {}
      }
    }
    let after = await settled(store)
    #expect(after == baseline)
    withExtendedLifetime(stackView) {}
  }

  @Test func rowsAddedAndRemovedLeaveNothingBehind() async {
    let store = Store(initialState: Board.State()) { Board() }
    let listView = observe { _ = store.scope(state: \.tiles, action: \.tiles).count }
    // The rows already there were shown once: a gone view's fields stay followed until they change, as
    // Observation cannot say when its observers go (see the test below), so they are part of the baseline.
    do {
      let rows = store.scope(state: \.tiles, action: \.tiles)
      let shown = viewsReadingEach(Array(rows))
      withExtendedLifetime((rows, shown)) {}
    }
    let baseline = await settled(store)
    for id in 100..<110 {
      store.send(.addTile(id))
      do {
        let rows = store.scope(state: \.tiles, action: \.tiles)
        let views = viewsReadingEach(Array(rows))
        store.send(.tiles(.element(id: id, action: .bump)))
        #expect(await settled(store).rowFollowers == rows.count)
        store.send(.removeTile(id))
        withExtendedLifetime((rows, views)) {}
      }
    }
    let after = await settled(store)
    #expect(after == baseline)
    withExtendedLifetime(listView) {}
  }

  @Test func aViewGoneWithoutItsFieldChangingIsCountedUntilItDoes() async {
    // Observation does not say when a view goes: its field stays followed until it changes, then is dropped.
    let store = Store(initialState: Board.State()) { Board() }
    let baseline = await settled(store)
    var tile: StoreOf<Tile>? = store.scope(state: \.tile, action: \.tile)
    withObservationTracking {
      _ = tile?.value
    } onChange: {
    }
    tile = nil
    #expect(store.alive.fieldHubs == baseline.fieldHubs + 1)
    store.send(.tile(.bump))
    let after = await settled(store)
    #expect(after == baseline)
  }

  @Test func aReleasedRootFreesItsStoresAndCancelsItsEffects() async throws {
    let counts = ForeverEffect()
    weak var released: StoreOf<Forever>?
    weak var child: Store<Forever.State, Forever.Action>?
    let effect: StoreTask
    do {
      let store = Store(initialState: Forever.State()) { Forever(counts: counts) }
      effect = store.send(.start)
      #expect(store.alive.runningEffects == 1)
      // Started after `send` (below the 26 releases), the effect has not run its first line yet; one released
      // before then never runs it (EffectStartOrder). Here it is in its loop when the store goes.
      await waitUntil { counts.started.count == 1 }
      let scoped = store.scope(state: { $0 }, action: { $0 })
      child = scoped
      released = store
      _ = scoped
    }
    #expect(released == nil)
    #expect(child == nil)
    await effect.finish()
    #expect(counts.ended.count == 1)
  }

  @Test func aRootReleasedBeforeItsEffectBeginsEndsTheEffectAllTheSame() async {
    let counts = ForeverEffect()
    let effect: StoreTask
    do {
      let store = Store(initialState: Forever.State()) { Forever(counts: counts) }
      effect = store.send(.start)
    }
    await effect.finish()
    // Immediately started, the body ran up to its first suspension inside `send`; started after `send`, it never
    // began. Either way the task has ended: `finish()` returned.
    #expect(counts.started.count == (EffectStartOrder.current == .immediate ? 1 : 0))
    #expect(counts.ended.count == counts.started.count)
  }

  /// Waits, a turn of the main actor at a time (10 s at most), until `condition` holds.
  private func waitUntil(_ condition: () -> Bool) async {
    let deadline = ContinuousClock.now + .seconds(10)
    while !condition() && ContinuousClock.now < deadline { try? await Task.sleep(nanoseconds: 1_000_000) }
    #expect(condition())
  }

  @Test func whatIsAliveReadsAsOneLinePerKind() {
    var counts = AliveCounts()
    counts.stores = ["Tile.State": 2]
    counts.runningEffects = 1
    #expect(counts.storeCount == 2)
    #expect(counts.description.hasPrefix("stores: 2\n  Tile.State: 2\n"))
    counts.effectStarters = ["list.task": 1]
    counts.fileWatches = 3
    #expect(
      counts.description.hasSuffix(
        "running effects: 1\n  started by list.task: 1\nfile watches (the whole process): 3"))
  }
}
