import Composable
import ComposableTesting
import Testing

/// Holds a value for a hand-off to another thread, where the last reference is dropped.
private final class HandOff<Value>: @unchecked Sendable {
  var value: Value?

  init(_ value: Value) {
    self.value = value
  }
}

/// What follows a store ends when its token or subscription is released, on whatever thread the last reference
/// goes: no `isolated deinit`, which crashes on Apple's recent releases where no Swift task is current.
@MainActor struct ReleasedAnywhereTests {
  @Test func anObserveTokenReleasedOffTheMainThreadStopsFollowing() async {
    let store = Store(initialState: Board.State()) { Board() }
    let runs = LockIsolated(0)
    let handOff = HandOff(
      observe {
        _ = store.count; runs.withValue { $0 += 1 }
      })
    await Task.detached { handOff.value = nil }.value
    // The stores stop telling it on the main actor's next turn.
    for _ in 0..<3 { await Task.yield() }
    store.send(.increment)
    #expect(runs.value == 1, "only the first run: the token is gone")
  }

  @Test func aStoreSubscriptionReleasedOffTheMainThreadEnds() async {
    let store = Store(initialState: Board.State()) { Board() }
    let seen = LockIsolated<[Int]>([])
    let handOff = HandOff(store.observe({ $0.count }) { count in seen.withValue { $0.append(count) } })
    store.send(.increment)
    await Task.detached { handOff.value = nil }.value
    for _ in 0..<3 { await Task.yield() }
    store.send(.increment)
    #expect(seen.value == [1])
  }

  @Test func aTokenReleasedWhileItWaitsForThePassIsSkipped() {
    let store = Store(initialState: Board.State()) { Board() }
    var order: [String] = []
    var second: ObserveToken?
    let first = observe {
      _ = store.count
      order.append("first")
      // The first run of the pass drops the second, which the same send told too.
      if store.currentState.count == 1 { second = nil }
    }
    second = observe {
      _ = store.count
      order.append("second")
    }
    store.send(.increment)
    #expect(order == ["first", "second", "first"])
    first.cancel()
    _ = second
  }
}
