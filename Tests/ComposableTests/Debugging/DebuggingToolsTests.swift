import Composable
import ComposableDebugger
import ComposableTesting
import Foundation
import Testing

/// A search box: typing sets the query, the query change triggers a search effect that sends results.
struct DebugSearch: Reducer {
  struct State: Equatable, Codable {
    var query = ""
    var results: [String] = []
    var searches = 0
  }

  enum Action: Equatable, Codable, CasePathable {
    case queryChanged(String)
    case resetByParent
    case results([String])
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .queryChanged(query):
        state.query = query
        return .none
      case let .results(results):
        state.results = results
        return .none
      case .resetByParent:
        return .none
      }
    }
    .onChange(of: \.query) { _, newQuery in
      Reduce { state, _ in
        state.searches += 1
        return .run { send in await send(.results(newQuery.isEmpty ? [] : ["\(newQuery)-1", "\(newQuery)-2"])) }
      }
    }
    // A change made outside the reducer `onChange` wraps: it is not seen (the documented limit).
    Reduce { state, action in
      if case .resetByParent = action { state.query = "" }
      return .none
    }
  }
}

@MainActor struct DebuggingToolsTests {
  @Test func onChangeReactsToChangesMadeByTheReducerItWraps() async {
    let store = TestStore(initialState: DebugSearch.State()) { DebugSearch() }
    await store.send(.queryChanged("ada")) {
      $0.query = "ada"
      $0.searches = 1
    }
    await store.receive(.results(["ada-1", "ada-2"])) { $0.results = ["ada-1", "ada-2"] }
    await store.send(.queryChanged("ada"))
  }

  @Test func onChangeDoesNotSeeChangesMadeOutsideIt() async {
    let store = TestStore(initialState: DebugSearch.State(query: "x")) { DebugSearch() }
    await store.send(.resetByParent) { $0.query = "" }
    #expect(store.state.searches == 0)
  }

  @Test func actionLabelsFollowCasesDownToTheLeaf() {
    enum Row: Equatable { case toggle, rename(String) }
    enum Root { case rows(IdentifiedAction<Int, Row>), path(StackAction<Int, Row>), plain }
    #expect(actionLabel(Root.rows(.element(id: 3, action: .toggle))) == "rows.element.toggle")
    #expect(actionLabel(Root.path(.element(id: 0, action: .rename("a")))) == "path.element.rename")
    #expect(actionLabel(Root.plain) == "plain")
  }

  @Test func instrumentationTimesReducesAndEffects() async {
    let events = LockIsolated<[InstrumentationEvent]>([])
    let clock = TestClock()
    struct Slow: Reducer {
      @Dependency(\.continuousClock) var clock
      func reduce(into state: inout Int, action: Bool) -> Effect<Bool> {
        state += 1
        guard action else { return .none }
        return .run { [clock] _ in try await clock.sleep(for: .seconds(1)) }
      }
    }
    let store = TestStore(initialState: 0) {
      Slow().instrument(to: InstrumentationSink { event in events.withValue { $0.append(event) } })
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(false) { $0 = 1 }
    let task = await store.send(true) { $0 = 2 }
    #expect(events.value.map(\.kind) == [.reduce, .reduce])
    await clock.advance(by: .seconds(1))
    await task.finish()
    #expect(events.value.map(\.kind) == [.reduce, .reduce, .effect])
    #expect(events.value.last?.wasCancelled == false)
    let cancelled = await store.send(true) { $0 = 3 }
    cancelled.cancel()
    await cancelled.finish()
    #expect(
      events.value.last
        == InstrumentationEvent(
          kind: .effect, action: "true", duration: events.value.last!.duration, wasCancelled: true))
    #expect(events.value.allSatisfy { $0.duration >= .zero && $0.duration < .seconds(5) })
    #expect(events.value[0].line.hasPrefix("reduce "))
  }

  @Test func aRecordedSessionReplaysToTheSameState() async throws {
    let lines = LockIsolated<[String]>([])
    let store = Store(initialState: DebugSearch.State()) {
      DebugSearch().record(to: ActionLogSink { line in lines.withValue { $0.append(line) } })
    }
    await store.send(.queryChanged("gr")).finish()
    await store.send(.queryChanged("grace")).finish()
    await store.send(.resetByParent).finish()
    await store.send(.queryChanged("ada")).finish()
    let log = lines.value.joined()
    #expect(lines.value.count == 7)
    #expect(lines.value[0].hasPrefix("{\"action\":{\"queryChanged\":"))
    let replayed = try replayActions(log, initialState: DebugSearch.State(), reducer: DebugSearch())
    #expect(replayed == store.currentState)
    #expect(replayed.results == ["ada-1", "ada-2"])
  }

  @Test func aHeaderIsReadBackAndSkippedByTheReplay() throws {
    struct Start: Codable, Equatable { var favorites: [Int] }
    let lines = LockIsolated<[String]>([])
    let sink = ActionLogSink { line in lines.withValue { $0.append(line) } }
    sink.writeHeader(RecordingHeader(Start(favorites: [2, 3])))
    let store = Store(initialState: DebugSearch.State()) { DebugSearch().record(to: sink) }
    store.send(.resetByParent)
    let log = lines.value.joined()
    #expect(lines.value[0].hasPrefix("{\"header\":{\"favorites\":[2,3]}"))
    #expect(try recordingHeader(in: log, of: Start.self) == Start(favorites: [2, 3]))
    #expect(try recordedActions(in: log, of: DebugSearch.Action.self) == [.resetByParent])
    #expect(try recordingHeader(in: lines.value[1], of: Start.self) == nil)
    // A header that is not what the app wrote is refused at its line, as an action would be.
    do {
      _ = try recordingHeader(in: "\n{\"header\":{\"favorites\":\"many\"}}\n", of: Start.self)
      Issue.record("a bad header was read")
    } catch let error as ReplayError {
      #expect(error.line == 2)
    }
  }

  @Test func aMalformedLogLineIsAnErrorNamingTheLine() {
    let log = "\n{\"time\":1,\"action\":{\"resetByParent\":{}}}\nnot json\n"
    #expect(throws: ReplayError.self) {
      try replayActions(log, initialState: DebugSearch.State(), reducer: DebugSearch())
    }
    do {
      _ = try replayActions(log, initialState: DebugSearch.State(), reducer: DebugSearch())
    } catch let error as ReplayError {
      #expect(error.line == 3)
    } catch {
      Issue.record("unexpected error \(error)")
    }
  }

  @Test func aFileSinkAppendsLines() throws {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("actions-\(UUID().uuidString).jsonl")
    defer { try? FileManager.default.removeItem(at: url) }
    let sink = ActionLogSink.file(url)
    sink.write("one\n")
    sink.write("two\n")
    #expect(try String(contentsOf: url, encoding: .utf8) == "one\ntwo\n")
  }
}
