import Composable
import ComposableDebugger
import ComposableTesting
import Foundation
import Testing

/// A feature whose actions exercise every way an action can be sent: by a command, by a `.send` effect, by an
/// async effect, by an effect that throws, and by a long-living effect that only cancellation ends.
private struct Traced: Reducer {
  struct State: Equatable { var log: [String] = [] }
  enum Action: Equatable {
    case tap
    case echo(String)
    case answer(Int)
    case fail
    case listen
    case stopListening
  }
  enum CancelID { case listening }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .tap:
      state.log.append("tap")
      return .merge(.send(.echo("now")), .run { send in await send(.answer(42)) })
    case let .echo(text):
      state.log.append(text)
      return .none
    case let .answer(value):
      state.log.append("answer \(value)")
      return .none
    case .fail:
      return .run { _ in
        throw CancellationFreeFailure()
      } catch: { _, _ in
      }
    case .listen:
      return .run { _ in
        try await Task.sleep(for: .seconds(60))
      }
      .cancellable(id: CancelID.listening)
    case .stopListening:
      return .cancel(id: CancelID.listening)
    }
  }
}

private struct CancellationFreeFailure: Error {}

/// What a test waits for: effects run on the main actor, so a few yields let them deliver.
@MainActor private func settle() async {
  for _ in 0..<20 { await Task.yield() }
}

/// Waits (up to 5 s) until `store` runs no effect: a cancelled sleep wakes on the pool before its effect ends.
@MainActor private func waitUntilNoEffects<State, Action>(_ store: Store<State, Action>) async {
  let deadline = ContinuousClock.now + .seconds(5)
  while store.runningEffectCount > 0, ContinuousClock.now < deadline {
    try? await Task.sleep(for: .milliseconds(1))
  }
}

@MainActor struct StoreTimelineTests {
  @Test func aStoreKeepsNoTimelineUnlessAsked() {
    let store = Store(initialState: Traced.State(), reducer: Traced())
    store.send(.echo("a"))
    #expect(store.timeline == nil)
  }

  @Test func eachActionIsNumberedWithWhoSentItAndTheStateItLeft() async {
    let store = Store(initialState: Traced.State(), reducer: Traced())
    let timeline = try! #require(store.recordTimeline())
    await store.send(.tap).finish()
    let entries = timeline.entries
    #expect(entries.map(\.sequence) == [1, 2, 3])
    #expect(entries.map(\.action) == [.tap, .echo("now"), .answer(42)])
    #expect(entries.map(\.path) == ["tap", #"echo("now")"#, "answer(42)"])
    #expect(entries[0].origin == .command)
    #expect(entries[1].origin == .immediately(after: 1))
    guard case let .effect(of: starter, id: _) = entries[2].origin else {
      Issue.record("the answer should come from an effect, not \(entries[2].origin)")
      return
    }
    #expect(starter == 1)
    #expect(entries.map(\.state.log) == [["tap"], ["tap", "now"], ["tap", "now", "answer 42"]])
    #expect(timeline.state(before: 1) == Traced.State())
    #expect(timeline.state(before: 3)?.log == ["tap", "now"])
  }

  @Test func anActionAThrottleLetsThroughLaterWasSentByATimer() async {
    let clock = TestClock()
    let store = Store(
      initialState: 0,
      reducer: Reduce<Int, String> { state, action in
        guard action.hasPrefix("ping") else {
          state += 1
          return .none
        }
        return .send("pong " + action.dropFirst(5)).throttle(id: "ping", for: .seconds(1), clock: clock, latest: true)
      })
    let timeline = try! #require(store.recordTimeline())
    store.send("ping 1")
    store.send("ping 2")
    await clock.advance(by: .seconds(1))
    await settle()
    #expect(timeline.entries.map(\.action) == ["ping 1", "pong 1", "ping 2", "pong 2"])
    #expect(timeline.entries.map(\.origin) == [.command, .immediately(after: 1), .command, .timer])
  }

  @Test func theBoundKeepsTheNewestEntriesAndTheStateBeforeTheOldest() {
    let store = Store(initialState: Traced.State(), reducer: Traced())
    let timeline = try! #require(store.recordTimeline(capacity: 3))
    for index in 1...7 { store.send(.echo("\(index)")) }
    #expect(timeline.entries.map(\.sequence) == [5, 6, 7])
    #expect(timeline.keptRange == 5...7)
    #expect(timeline.entry(4) == nil)
    #expect(timeline.entry(8) == nil)
    #expect(timeline.entry(6)?.action == .echo("6"))
    #expect(timeline.state(before: 5)?.log == ["1", "2", "3", "4"])
    #expect(timeline.state(before: 4) == nil)
    // However long it runs, it holds no more than its bound.
    for index in 8...5_000 { store.send(.echo("\(index)")) }
    #expect(timeline.entries.count == 3)
    #expect(timeline.entries.map(\.sequence) == [4_998, 4_999, 5_000])
  }

  @Test func runningEffectsAreListedWithWhoStartedThemUntilCancelled() async {
    let store = Store(initialState: Traced.State(), reducer: Traced())
    let timeline = try! #require(store.recordTimeline())
    store.send(.echo("before"))
    store.send(.listen)
    let running = timeline.runningEffects
    #expect(running.count == 1)
    #expect(running.first?.startedBy == 2)
    #expect(running.first?.actionPath == "listen")
    #expect(running.first?.cancellationIDs == ["listening"])
    await store.send(.stopListening).finish()
    // Cancelled, it is no longer listed at once, even before its task has unwound.
    #expect(timeline.runningEffects.isEmpty)
    await waitUntilNoEffects(store)
    #expect(store.runningEffectCount == 0)
  }

  @Test func anEffectStillNamesItsStarterOnceTheTimelineHasDroppedIt() async {
    let store = Store(initialState: Traced.State(), reducer: Traced())
    let timeline = try! #require(store.recordTimeline(capacity: 2))
    store.send(.listen)
    for index in 1...5 { store.send(.echo("\(index)")) }
    #expect(timeline.entry(1) == nil)
    let running = timeline.runningEffects
    #expect(running.map(\.startedBy) == [1])
    // Its number says it is gone from the timeline; its path still says what started it, so what is alive
    // reads the same at the list of a long session as at its start.
    #expect(running.map(\.actionPath) == ["listen"])
    #expect(store.alive(startersFrom: timeline).effectStarters == ["listen": 1])
    await store.send(.stopListening).finish()
    #expect(timeline.runningEffects.isEmpty)
    await waitUntilNoEffects(store)
  }

  @Test func aTraceIsValidJSONWithNestedSpansOutcomesAndLinks() async throws {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("trace-\(UUID().uuidString).json")
    defer { try? FileManager.default.removeItem(at: url) }
    let trace = try TraceFile(url: url, processName: "tests")
    let store = Store(initialState: Traced.State(), reducer: Traced())
    store.recordTimeline(trace: trace)
    await store.send(.tap).finish()
    await store.send(.fail).finish()
    store.send(.listen)
    await store.send(.stopListening).finish()
    await waitUntilNoEffects(store)
    trace.close()

    let events = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [[String: Any]])
    let actions = events.filter { $0["cat"] as? String == "action" }
    #expect(
      actions.compactMap { $0["name"] as? String } == [
        "tap", #"echo("now")"#, "answer(42)", "fail", "listen", "stopListening",
      ])
    // Every action has its reduce span, which starts where the action does.
    let reduces = events.filter { $0["cat"] as? String == "reduce" }
    #expect(reduces.count == actions.count)
    #expect(zip(actions, reduces).allSatisfy { ($0["ts"] as? Int) == ($1["ts"] as? Int) })
    #expect(reduces.allSatisfy { ($0["ph"] as? String) == "X" && ($0["dur"] as? Int ?? -1) >= 0 })
    // Each effect is a begin and an end with the same id, the end after the begin, with its outcome.
    let begins = events.filter { $0["cat"] as? String == "effect" && $0["ph"] as? String == "b" }
    let ends = events.filter { $0["cat"] as? String == "effect" && $0["ph"] as? String == "e" }
    #expect(begins.count == 3)
    var outcomes: [Int: String] = [:]
    for begin in begins {
      let id = try #require(begin["id"] as? Int)
      let end = try #require(ends.first { $0["id"] as? Int == id })
      #expect((end["ts"] as? Int ?? -1) >= (begin["ts"] as? Int ?? 0))
      let startedBy = try #require((begin["args"] as? [String: Any])?["startedBy"] as? Int)
      outcomes[startedBy] = (end["args"] as? [String: Any])?["outcome"] as? String
    }
    #expect(outcomes == [1: "finished", 4: "failed", 5: "cancelled"])
    // The answer names the effect that sent it, and that effect names the tap that started it.
    let answer = try #require(actions.first { $0["name"] as? String == "answer(42)" })
    let sender = try #require((answer["args"] as? [String: Any])?["sentByEffect"] as? Int)
    let senderBegin = try #require(begins.first { $0["id"] as? Int == sender })
    #expect((senderBegin["args"] as? [String: Any])?["startedBy"] as? Int == 1)
  }

  @Test func aTraceInAMissingFolderIsRefusedInOneLine() {
    let url = URL(fileURLWithPath: "/no/such/folder/trace.json")
    #expect(throws: TraceFileError.self) { try TraceFile(url: url, processName: "tests") }
    do {
      _ = try TraceFile(url: url, processName: "tests")
    } catch {
      #expect(
        "\(error)" == "cannot write the trace /no/such/folder/trace.json: the folder /no/such/folder does not exist")
    }
  }

  @Test(.requiresPath("/dev/full")) func aTraceOnAFullDiskIsRefusedInOneLine() async throws {
    // Every write to /dev/full fails as on a full disk (ENOSPC): the header cannot be written.
    let url = URL(fileURLWithPath: "/dev/full")
    #expect(throws: TraceFileError.self) { try TraceFile(url: url, processName: "tests") }
  }

  @Test func actionPathsNameStackElementsDestinationsAndPayloads() {
    enum Delegate: Equatable { case saved, selected(id: Int) }
    enum ChildAction: Equatable { case delegate(Delegate), nameChanged(String) }
    enum PathAction: Equatable { case detail(ChildAction) }
    enum AppAction: Equatable {
      case path(StackAction<Int, PathAction>)
      case destination(PresentationAction<ChildAction>)
      case appStarted(interactive: Bool)
      case tapped
    }
    #expect(
      actionPath(AppAction.path(.element(id: 1, action: .detail(.delegate(.saved)))))
        == "path[id: 1].detail.delegate(.saved)")
    #expect(actionPath(AppAction.destination(.presented(.nameChanged("Ada")))) == #"destination.nameChanged("Ada")"#)
    #expect(actionPath(AppAction.destination(.dismiss)) == "destination.dismiss")
    #expect(
      actionPath(AppAction.path(.element(id: 3, action: .detail(.delegate(.selected(id: 2))))))
        == "path[id: 3].detail.delegate(.selected(id: 2))")
    #expect(actionPath(AppAction.appStarted(interactive: true)) == "appStarted(interactive: true)")
    #expect(actionPath(AppAction.tapped) == "tapped")
  }
}
