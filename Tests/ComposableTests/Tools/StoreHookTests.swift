import Composable
import Foundation
import Testing

/// A counter whose `load` starts an effect that sends `loaded` back, and whose `twice` sends `tapped` at once.
private struct HookedCounter: Reducer {
  struct State: Equatable { var count = 0 }
  enum Action: Equatable {
    case tapped
    case load
    case loaded
    case twice
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .tapped, .loaded:
        state.count += 1
        return .none
      case .load:
        return .run { send in await send(.loaded) }
      case .twice:
        return .send(.tapped)
      }
    }
  }
}

/// What a hook was told, in order, as words.
@MainActor private final class HookLog {
  var lines: [String] = []

  func hook(
    kind: String, tracksSenders: Bool = false
  ) -> StoreHook<HookedCounter.State, HookedCounter.Action> {
    StoreHook(
      kind: kind, tracksSenders: tracksSenders,
      didReduce: { action, state, effect, fromBuffer, _ in
        self.lines.append(
          "\(kind) reduced \(action) → \(state.count)\(fromBuffer ? " (buffered)" : "")\(effect.isNone ? "" : " +effect")"
        )
      },
      event: { event in
        switch event {
        case .effectStarted: self.lines.append("\(kind) effect started")
        case .effectAttached: self.lines.append("\(kind) effect attached")
        case .effectFinished: self.lines.append("\(kind) effect finished")
        case .buffered: self.lines.append("\(kind) buffered")
        case .delivering: self.lines.append("\(kind) delivering")
        default: self.lines.append("\(kind) \(event)")
        }
      })
  }
}

/// The one door the tools reach a store through: what an attached hook is told, and how hooks are attached.
@MainActor @Suite struct StoreHookTests {
  @Test func anAttachedHookIsToldEachReduceWithTheStateAfterItAndEachEffectsLife() async {
    let store = Store(initialState: HookedCounter.State(), reducer: HookedCounter())
    let log = HookLog()
    #expect(store.attach(log.hook(kind: "probe")))
    store.send(.tapped)
    await store.send(.load).finish()
    // Started immediately (the 26 releases), the effect sends and ends inside the send, before its task is handed
    // back; started after `send` (below them), it runs once its task exists.
    #expect(
      log.lines == [
        "probe reduced tapped → 1",
        "probe reduced load → 1 +effect",
        "probe effect started",
        "probe effect finished",
        "probe effect attached",
        "probe reduced loaded → 2 (buffered)",
      ]
        || log.lines == [
          "probe reduced tapped → 1",
          "probe reduced load → 1 +effect",
          "probe effect started",
          "probe effect attached",
          "probe reduced loaded → 2",
          "probe effect finished",
        ])
  }

  @Test func aHookOfTheSameKindReplacesTheOldOneAndAnotherKindJoinsIt() {
    let store = Store(initialState: HookedCounter.State(), reducer: HookedCounter())
    let log = HookLog()
    store.attach(log.hook(kind: "first"))
    store.send(.tapped)
    store.attach(log.hook(kind: "first"))
    store.attach(log.hook(kind: "second"))
    store.send(.tapped)
    #expect(log.lines == ["first reduced tapped → 1", "first reduced tapped → 2", "second reduced tapped → 2"])
    #expect(store.attachedHook(of: "second") != nil)
    #expect(store.attachedHook(of: "third") == nil)
  }

  @Test func aHookThatStartsTimingReducesIsGivenTheClockAlsoAmongOthers() {
    let store = Store(initialState: HookedCounter.State(), reducer: HookedCounter())
    var readings: [UInt64] = []
    let timed = StoreHook<HookedCounter.State, HookedCounter.Action>(
      kind: "timed", didReduce: { _, _, _, _, started in readings.append(started) }, event: { _ in })
    store.attach(timed)
    store.attach(HookLog().hook(kind: "other"))
    store.send(.tapped)
    timed.timesReduces = true
    store.send(.tapped)
    timed.timesReduces = false
    store.send(.tapped)
    #expect(readings.count == 3)
    #expect(readings[0] == 0 && readings[1] > 0 && readings[2] == 0, "\(readings)")
  }

  @Test func whoSentAnActionIsToldOnlyToAHookThatTracksSenders() {
    let store = Store(initialState: HookedCounter.State(), reducer: HookedCounter())
    let log = HookLog()
    store.attach(log.hook(kind: "plain"))
    store.attach(log.hook(kind: "senders", tracksSenders: true))
    store.send(.twice)
    #expect(
      log.lines
        == [
          "plain reduced twice → 0 +effect", "senders reduced twice → 0 +effect", "plain buffered", "senders buffered",
          "plain reduced tapped → 1 (buffered)", "senders reduced tapped → 1 (buffered)",
        ].filter { $0 != "plain buffered" })
  }

  @Test func aScopedStoreTakesNoHookTheRootDoes() {
    struct Parent: Reducer {
      struct State { var child = HookedCounter.State() }
      enum Action { case child(HookedCounter.Action) }
      var body: some ReducerOf<Self> {
        Reduce { state, action in
          switch action {
          case .child: state.child.count += 1
          }
          return .none
        }
      }
    }
    let store = Store(initialState: Parent.State(), reducer: Parent())
    let child: Store<HookedCounter.State, HookedCounter.Action> = store.scope(
      state: { $0.child }, action: { Parent.Action.child($0) })
    let log = HookLog()
    #expect(!child.attach(log.hook(kind: "child")))
    child.send(.tapped)
    #expect(log.lines.isEmpty)
  }
}
