import Composable
import ComposableTesting
import Testing

/// `observe { }` follows the shared values it read, as Observation does: a change runs it again once, whoever made
/// it, and following a value that does not change costs nothing however often the observer runs.
@MainActor struct SharedObservationTests {
  @Test func anObserverRunsAgainWhenASharedValueItReadChanges() async {
    let motto = Shared(value: "hello")
    var seen: [String] = []
    let token = observe { seen.append(motto.wrappedValue) }
    motto.withLock { $0 = "hi" }
    #expect(await eventually { seen == ["hello", "hi"] })
    // Written from another thread, as an effect or a file change would.
    await Task.detached { motto.withLock { $0 = "hey" } }.value
    #expect(await eventually { seen == ["hello", "hi", "hey"] })
    token.cancel()
    motto.withLock { $0 = "gone" }
    try? await Task.sleep(for: .milliseconds(50))
    #expect(seen == ["hello", "hi", "hey"])
  }

  @Test func anObserverRunByItsFieldsFollowsAnUnchangedSharedValueOnce() async {
    let motto = Shared(value: "hello")
    let store = Store(initialState: Board.State()) { Board() }
    var runs = 0
    let token = observe {
      _ = store.count
      _ = motto.wrappedValue
      runs += 1
    }
    for _ in 0..<20 { store.send(.increment) }
    #expect(runs == 21)
    // Twenty-one runs read the value; one change runs the observer once, not once per earlier run.
    motto.withLock { $0 = "hi" }
    #expect(await eventually { runs == 22 })
    try? await Task.sleep(for: .milliseconds(50))
    #expect(runs == 22)
    token.cancel()
  }
}
