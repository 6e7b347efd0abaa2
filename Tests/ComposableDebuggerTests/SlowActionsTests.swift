import Composable
import ComposableDebugger
import Foundation
import Testing

/// A feature with a slow reduce, a quick one, and a load whose effect takes a while.
private struct Workbench: Reducer {
  struct State: Equatable {
    var done: [String] = []
  }
  enum Action: Equatable {
    case heavy
    case light
    case load
    case loaded
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .heavy:
      // Longer than a frame: busy for 20 ms by the clock, as a reduce that sorts a large list would be.
      let end = ContinuousClock.now + .milliseconds(20)
      while ContinuousClock.now < end {}
      state.done.append("heavy")
      return .none
    case .light:
      state.done.append("light")
      return .none
    case .load:
      return .run { send in
        try await Task.sleep(for: .milliseconds(200))
        await send(.loaded)
      }
    case .loaded:
      state.done.append("loaded")
      return .none
    }
  }
}

/// `:slow` times each reduce once asked, lists the slowest kept actions by their reduce and the effects they
/// started, and the timeline marks a reduce longer than a frame.
@MainActor struct SlowActionsTests {
  private func said(_ reply: StoreDebugger<Workbench.State, Workbench.Action>.Reply) -> String {
    switch reply {
    case let .text(text): text
    case let .error(message): "error: " + message
    case let .later(make): make()
    case .quit, .follow: "(\(reply))"
    }
  }

  @Test func reducesAreTimedOnceAskedAndTheSlowestAreListedWithTheirEffects() async throws {
    let store = Store(initialState: Workbench.State(), reducer: Workbench())
    let timeline = try #require(store.recordTimeline())
    let debugger = try #require(StoreDebugger(store: store, side: .inApp))
    store.send(.light)
    #expect(timeline.entry(1)?.reduceDuration == nil, "not timed until asked: it costs two clock readings")
    #expect(
      said(debugger.run(":slow", pageSize: 20))
        == "No kept action was timed and none started an effect (':slow on' times each reduce from now on).")

    #expect(said(debugger.run(":slow on", pageSize: 20)).hasPrefix("Timing each reduce from #2 on"))
    store.send(.heavy)
    store.send(.light)
    await store.send(.load).finish()
    let heavy = try #require(timeline.entry(2)?.reduceDuration)
    #expect(heavy >= .milliseconds(20))
    #expect(try #require(timeline.entry(3)?.reduceDuration) < .milliseconds(16))
    #expect(try #require(timeline.effectsDuration(of: 4)) >= .milliseconds(200))

    let slowest = said(debugger.run(":slow 2", pageSize: 20)).split(separator: "\n").map(String.init)
    #expect(slowest.count == 3, "\(slowest)")
    #expect(slowest.first == "The 2 slowest kept actions, by reduce and effects:")
    // The load's effect ran longest; the heavy reduce next; each row says both.
    #expect(slowest[1].contains(/#4 +reduce \d.* +effects \d{3}\.\d ms +load$/), "\(slowest)")
    #expect(slowest[2].contains(/#2 +reduce 2\d\.\d ms +effects — +heavy$/), "\(slowest)")

    let rows = said(debugger.run(":timeline", pageSize: 20)).split(separator: "\n")
    #expect(rows.contains { $0.hasSuffix(" heavy  (slow reduce: \(spokenMilliseconds(heavy)))") }, "\(rows)")
    #expect(!rows.contains { $0.contains(" light  (slow") })

    #expect(said(debugger.run(":slow off", pageSize: 20)) == "Reduces are no longer timed.")
    store.send(.heavy)
    #expect(timeline.entry(6)?.reduceDuration == nil)
    #expect(said(debugger.run(":slow x", pageSize: 20)).hasPrefix("error: ':slow' takes a number"))
  }

  /// `heavy` as the timeline writes milliseconds.
  private func spokenMilliseconds(_ duration: Duration) -> String {
    let milliseconds = Double(duration.components.seconds) * 1e3 + Double(duration.components.attoseconds) / 1e15
    return String(format: "%.1f ms", milliseconds)
  }
}
