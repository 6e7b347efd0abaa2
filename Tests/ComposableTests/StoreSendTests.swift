import Composable
import ComposableTesting
import Testing

/// A feature whose actions log themselves and trigger synchronous follow-ups.
private struct Chain: Reducer {
  struct State: Equatable { var log: [String] = [] }
  enum Action: Equatable { case start, fromEffect(String), reentrant }
  let onReentrant: @MainActor () -> Void

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .start:
      state.log.append("start")
      return .merge(.send(.fromEffect("a")), .send(.fromEffect("b")))
    case let .fromEffect(name):
      state.log.append(name)
      if name == "a" { return .send(.fromEffect("a.1")) }
      return .none
    case .reentrant:
      state.log.append("reentrant")
      return .none
    }
  }
}

@MainActor struct StoreSendTests {
  @Test func synchronousEffectsAreReducedInOrderWithinOneSend() {
    let store = Store(initialState: Chain.State(), reducer: Chain(onReentrant: {}))
    let task = store.send(.start)
    #expect(store.state.log == ["start", "a", "b", "a.1"])
    #expect(!task.hasEffects)
  }

  @Test func actionsSentWhileReducingAreQueuedBehindTheCurrentOne() {
    var store: Store<[String], String>!
    store = Store(
      initialState: [],
      reducer: Reduce<[String], String> { state, action in
        state.append("begin \(action)")
        if action == "outer" { store.send("inner") }
        state.append("end \(action)")
        return .none
      })
    store.send("outer")
    #expect(store.state == ["begin outer", "end outer", "begin inner", "end inner"])
  }

  @Test func runEffectsStartAfterTheReduceAndSendBack() async {
    let log = EventLog()
    let store = Store(
      initialState: 0,
      reducer: Reduce<Int, String> { state, action in
        log.record("reduce \(action)")
        if action == "go" {
          return .run { send in
            log.record("effect started")
            await send("done")
          }
        }
        state += 1
        return .none
      })
    let task = store.send("go")
    log.record("send returned")
    await task.finish()
    switch EffectStartOrder.current {
    case .immediate:
      // The effect runs up to its first suspension inside `send`, after the reduce,
      // and what it sends joins the same loop.
      #expect(log.events == ["reduce go", "effect started", "reduce done", "send returned"])
    case .deferred:
      // The effect runs once `send` has returned, and what it sends is reduced at once.
      #expect(log.events == ["reduce go", "send returned", "effect started", "reduce done"])
    }
    #expect(store.state == 1)
  }

  @Test func cancellingTheSendTaskCancelsItsEffects() async {
    let clock = TestClock()
    let store = Store(
      initialState: 0,
      reducer: Reduce<Int, String> { state, action in
        if action == "start" {
          return .run { send in
            try await clock.sleep(for: .seconds(1))
            await send("finished")
          }
        }
        state += 1
        return .none
      })
    let task = store.send("start")
    #expect(store.runningEffectCount == 1)
    task.cancel()
    await task.finish()
    await clock.advance(by: .seconds(2))
    #expect(store.state == 0)
    #expect(store.runningEffectCount == 0)
  }

  @Test func releasingTheRootStoreCancelsItsEffects() async {
    let clock = TestClock()
    let started = EventLog()
    var store: Store<Int, String>? = Store(
      initialState: 0,
      reducer: Reduce<Int, String> { _, action in
        guard action == "start" else { return .none }
        return .run { _ in
          do {
            try await clock.sleep(for: .seconds(10))
          } catch {
            started.record("cancelled")
          }
        }
      })
    let task = store!.send("start")
    await Task.yield()
    store = nil
    await task.finish()
    #expect(started.events == ["cancelled"])
    #expect(task.isCancelled)
  }

  @Test func errorsThrownByRunGoToTheHandler() async {
    struct Failure: Error {}
    let store = Store(
      initialState: "",
      reducer: Reduce<String, String> { state, action in
        if action == "load" {
          return .run { _ in
            throw Failure()
          } catch: { _, send in
            await send("failed")
          }
        }
        state = action
        return .none
      })
    await store.send("load").finish()
    #expect(store.state == "failed")
  }

  @Test func anUnhandledErrorInRunIsARuntimeIssueNamingTheEffect() async {
    struct Failure: Error {}
    let store = Store(
      initialState: 0,
      reducer: Reduce<Int, String> { _, _ in .run { _ in throw Failure() } })
    await withKnownIssue {
      await store.send("load").finish()
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("threw an unhandled error: Failure()") }
    }
  }
}
