import Composable
import ComposableTesting
import Dependencies
import Foundation
import IssueReporting
import Testing

/// Where `Task.immediate` exists a store starts each `.run` effect immediately: its task runs inside `send`, on the
/// caller's thread, up to its first suspension. These are the hazards of doing that, each through a plain `Store`
/// so that the release run of the suite checks them where the optimizer could break them (it once did:
/// `DismissalThroughStoreTests`). Built with `COMPOSABLE_DEFERRED_EFFECT_START` (as on macOS 14 to 15) effects
/// start after `send` returns instead; each test says what that order promises in the same situation.
@MainActor struct ImmediateEffectStartTests {
  private static let storeDate = Date(timeIntervalSince1970: 1)
  private static let effectDate = Date(timeIntervalSince1970: 2)

  @Test func theOrderIsTheOneThisBuildAndPlatformPromise() {
    // The switch CI's second run builds with reaches the runtime (not only this test target), and without it a
    // platform with `Task.immediate` starts effects inside `send`.
    // Scripts/test-swift-build says which order it built for, so a switch that did not reach the build fails here.
    if let expected = ProcessInfo.processInfo.environment["EXPECTED_EFFECT_START_ORDER"] {
      #expect("\(EffectStartOrder.current)" == expected)
    }
    #if COMPOSABLE_DEFERRED_EFFECT_START
      #expect(EffectStartOrder.current == .deferred)
    #else
      if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
        #expect(EffectStartOrder.current == .immediate)
      } else {
        #expect(EffectStartOrder.current == .deferred)
      }
    #endif
    let log = EventLog()
    let store = Store(
      initialState: 0,
      reducer: Reduce<Int, String> { _, _ in .run { _ in log.record("effect") } })
    store.send("start")
    #expect(log.events == (EffectStartOrder.current == .immediate ? ["effect"] : []))
  }

  @Test func anEffectCancelledInTheSendThatStartedItRunsOnlyWhatItRanBefore() async {
    enum Work: Hashable { case load }
    let log = EventLog()
    let store = Store(
      initialState: 0,
      reducer: Reduce<Int, String> { _, action in
        switch action {
        case "start":
          return .merge(
            .run { _ in log.record("effect ran") }.cancellable(id: Work.load), .cancel(id: Work.load))
        default:
          return .none
        }
      })
    await store.send("start").finish()
    // Immediate: it ran up to its end inside `send` before the cancel. Deferred: cancelled before its first line,
    // it never runs at all.
    #expect(log.events == (EffectStartOrder.current == .immediate ? ["effect ran"] : []))
    #expect(store.runningEffectCount == 0)
  }

  @Test func anEffectReadsTheDependenciesItCapturedNotTheRunningReduces() async {
    let seen = EventLog()
    let store = Store(
      initialState: 0,
      reducer: Reduce<Int, String> { state, action in
        @Dependency(\.date) var date
        seen.record("\(action) reduce: \(date.now.timeIntervalSince1970)")
        guard action == "start" else { return .none }
        state += 1
        // Created under an override: the effect must see it, though it runs inside the store's reduce.
        return withDependencies {
          $0.date = .constant(Self.effectDate)
        } operation: {
          .run { send in
            @Dependency(\.date) var date
            seen.record("effect: \(date.now.timeIntervalSince1970)")
            await send("after")
          }
        }
      },
      withDependencies: { $0.date = .constant(Self.storeDate) })
    await store.send("start").finish()
    // The reduce after the immediate effect sees the store's dependencies again.
    #expect(seen.events == ["start reduce: 1.0", "effect: 2.0", "after reduce: 1.0"])
  }

  @Test func aTaskLocalPushedAroundSendStaysWithTheEffectAfterItsScopeEnds() async {
    let clock = TestClock()
    let store = Store(
      initialState: 0,
      reducer: Reduce<Int, String> { _, action in
        guard action == "start" else { return .none }
        return .run { _ in
          reportIssue("before the suspension")
          try await clock.sleep(for: .seconds(1))
          reportIssue("after the suspension")
        }
      })
    let reported = LockIsolatedIssues()
    // The handler is pushed by synchronous code and popped when `send` returns; the effect outlives it.
    let task = withIssueHandler(IssueHandler { reported.append($0.message) }) { store.send("start") }
    switch EffectStartOrder.current {
    case .immediate:
      #expect(reported.messages == ["before the suspension"])
    case .deferred:
      // Nothing ran inside `send`; the task, made under the handler, carries it to its first line.
      #expect(reported.messages == [])
      #expect(await eventually { reported.messages == ["before the suspension"] })
      #expect(await eventually { clock.pendingSleepCount == 1 })
    }
    await clock.advance(by: .seconds(1))
    await task.finish()
    #expect(reported.messages == ["before the suspension", "after the suspension"])
  }

  @Test func anEffectThatFinishesWithoutSuspendingLeavesNothingRunning() async {
    let store = Store(
      initialState: 0,
      reducer: Reduce<Int, String> { state, action in
        state += 1
        return action == "start" ? .run { send in await send("done") } : .none
      })
    let task = store.send("start")
    switch EffectStartOrder.current {
    case .immediate:
      // The task ended inside `send`, before the store filed it: it must not stay filed as running.
      #expect(store.state == 2)
      #expect(store.runningEffectCount == 0)
    case .deferred:
      // Filed and not yet run.
      #expect(store.state == 1)
      #expect(store.runningEffectCount == 1)
    }
    await task.finish()
    #expect(store.runningEffectCount == 0)
  }

  @Test func anEffectStartedByAnImmediateEffectsActionRunsInOrder() async {
    let log = EventLog()
    let store = Store(
      initialState: 0,
      reducer: Reduce<Int, String> { _, action in
        log.record("reduce \(action)")
        switch action {
        case "first":
          return .run { send in
            log.record("first effect")
            await send("second")
            log.record("first effect ends")
          }
        case "second":
          return .run { _ in log.record("second effect") }
        default:
          return .none
        }
      })
    await store.send("first").finish()
    switch EffectStartOrder.current {
    case .immediate:
      #expect(
        log.events == [
          "reduce first", "first effect", "first effect ends", "reduce second", "second effect",
        ])
    case .deferred:
      // The effect's `send` reduces at once, and the effect it starts waits for the main actor, which the first
      // effect holds until it ends.
      #expect(
        log.events == [
          "reduce first", "first effect", "reduce second", "first effect ends", "second effect",
        ])
    }
    #expect(store.runningEffectCount == 0)
  }

  @Test func anEffectPushingItsOwnDependenciesSeesThemAndRestoresTheOuterOnes() async {
    let seen = EventLog()
    let store = Store(
      initialState: 0,
      reducer: Reduce<Int, String> { _, action in
        guard action == "start" else { return .none }
        return .run { _ in
          @Dependency(\.date) var outer
          await withDependencies {
            $0.date = .constant(Self.effectDate)
          } operation: {
            await Task.yield()
            @Dependency(\.date) var inner
            seen.record("inner: \(inner.now.timeIntervalSince1970)")
          }
          seen.record("outer: \(outer.now.timeIntervalSince1970)")
          @Dependency(\.date) var after
          seen.record("after: \(after.now.timeIntervalSince1970)")
        }
      },
      withDependencies: { $0.date = .constant(Self.storeDate) })
    await store.send("start").finish()
    #expect(seen.events == ["inner: 2.0", "outer: 1.0", "after: 1.0"])
  }
}

/// Issue messages collected from any thread.
private final class LockIsolatedIssues: @unchecked Sendable {
  private let lock = NSLock()
  private var collected: [String] = []
  func append(_ message: String) { lock.withLock { collected.append(message) } }
  var messages: [String] { lock.withLock { collected } }
}
