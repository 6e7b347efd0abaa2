import Composable
import ComposableTesting
import Testing

@MainActor struct EffectOrderingTests {
  /// A store whose "go" action runs `effect` and whose other actions append themselves to state.
  private func makeStore(_ effect: Effect<String>) -> Store<[String], String> {
    Store(
      initialState: [],
      reducer: Reduce<[String], String> { state, action in
        if action == "go" { return effect }
        state.append(action)
        return .none
      })
  }

  @Test func mergeRunsEffectsAtOnce() async {
    let clock = TestClock()
    let store = makeStore(
      .merge(
        .run { send in
          try await clock.sleep(for: .seconds(2))
          await send("slow")
        },
        .run { send in
          try await clock.sleep(for: .seconds(1))
          await send("fast")
        }))
    let task = store.send("go")
    await clock.advance(by: .seconds(2))
    await task.finish()
    #expect(store.state == ["fast", "slow"])
  }

  @Test func concatenateRunsEffectsOneAfterAnother() async {
    let clock = TestClock()
    let store = makeStore(
      .concatenate(
        .run { send in
          try await clock.sleep(for: .seconds(2))
          await send("first")
        },
        .send("second"),
        .run { send in
          try await clock.sleep(for: .seconds(1))
          await send("third")
        }))
    let task = store.send("go")
    await clock.advance(by: .seconds(1))
    #expect(store.state == [])
    await clock.advance(by: .seconds(1))
    // "second" follows on the concatenation's own task, which the clock does not wait for.
    #expect(store.state.first == "first")
    #expect(!store.state.contains("third"))
    await clock.advance(by: .seconds(1))
    await task.finish()
    #expect(store.state == ["first", "second", "third"])
  }

  @Test func mapTransformsEveryActionAnEffectSends() async {
    let store = makeStore(
      Effect<Int>.merge(.send(1), .run { send in await send(2) }).map { "mapped \($0)" })
    await store.send("go").finish()
    #expect(store.state == ["mapped 1", "mapped 2"])
  }

  @Test func noneMergesAwayWithoutATask() {
    let store = makeStore(.merge(.none, .none))
    #expect(!store.send("go").hasEffects)
  }
}
