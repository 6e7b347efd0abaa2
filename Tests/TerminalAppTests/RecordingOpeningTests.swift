import Composable
import ComposableDebugger
import ComposableTesting
import Foundation
import TerminalApp
import TerminalUI
import Testing

/// A basket whose additions land through an effect, counted in a unit kept in a shared value.
struct Basket: Reducer {
  struct State: Equatable, Codable {
    var count = 0
    @Shared(.inMemory("basket.unit")) var unit = "apples"

    enum CodingKeys: String, CodingKey { case count }

    init() {}

    // The unit is shared, not part of the state's own encoding.
    init(from decoder: any Decoder) throws {
      count = try decoder.container(keyedBy: CodingKeys.self).decode(Int.self, forKey: .count)
    }

    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(count, forKey: .count)
    }
  }

  enum Action: Equatable, Codable {
    case add
    case added
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .add: return .send(.added)
    case .added:
      state.count += 1
      return .none
    }
  }
}

/// The basket as text.
struct BasketView: TerminalView {
  @MainActor func screen(of store: Store<Basket.State, Basket.Action>, in context: ScreenContext) -> TerminalScreen<
    Basket.State, Basket.Action
  > {
    let state = store.state
    return TerminalScreen(text: "\(state.count) \(state.unit)")
  }
}

/// A failure an exploration finds is written as a recording that a feature's terminal app opens on the failing
/// action, with the property named and the shared values it started from.
@MainActor struct RecordingOpeningTests {
  private func exploreWithAPlantedBound() async throws -> (URL, String) {
    var exploration = Exploration<Basket.State, Basket.Action>(generators: [.always("add", .add)])
    exploration.seed = 0x7A11
    exploration.sequences = 5
    exploration.advanceChance = 0
    exploration.opensIn = "BasketExample"
    exploration.invariants = [.always("the basket stays under 2") { $0.count < 2 }]
    var result: ExplorationResult<Basket.Action>?
    let reported = LockIsolated("")
    await withKnownIssue {
      result = await explore(
        exploration,
        initialState: {
          let state = Basket.State()
          state.$unit.withLock { $0 = "pears" }
          return state
        }, reducer: { Basket() })
    } matching: { issue in
      reported.withValue { $0 = issue.comments.map(\.rawValue).joined() }
      return true
    }
    return (try #require(result?.session), reported.value)
  }

  @Test func aFailingExplorationIsARecordingWithItsSharedValuesAndWhereItFailed() async throws {
    let (session, report) = try await exploreWithAPlantedBound()
    #expect(
      report.contains(
        "Step through it, standing on the failing action: swift run BasketExample --replay \(session.path) --step"))
    let trace = session.deletingPathExtension().appendingPathExtension("trace.json")
    #expect(report.contains("Its trace (Perfetto, chrome://tracing): \(trace.path)"))
    let log = try String(contentsOf: session, encoding: .utf8)
    #expect(try recordedActions(in: log, of: Basket.Action.self) == [.add, .added, .add, .added])
    let start = try #require(try recordingHeader(in: log, of: RecordingStart.self))
    #expect(
      start.failure
        == RecordedFailure(
          action: 4, property: "the basket stays under 2", message: "'the basket stays under 2' does not hold"))
    #expect(start.sharedValues.values["memory:basket.unit"] == "\"pears\"")
    #expect(start.initialState == "{\"count\":0}")
    let events = try JSONSerialization.jsonObject(with: Data(contentsOf: trace)) as? [Any]
    #expect((events?.count ?? 0) > 4, "the trace has the run's actions")
  }

  @Test func theTerminalAppOpensItOnTheFailingActionWithItsSharedValues() async throws {
    let (session, _) = try await exploreWithAPlantedBound()
    let app = try terminalApp(
      initialState: Basket.State(), reducer: Basket(), withDependencies: { $0.context = .preview },
      arguments: ["--replay", session.path, "--step"]
    ).get()
    let viewing = try #require(app.viewing)
    #expect(viewing.sequence == 4)
    #expect(
      viewing.note
        == "The exploration failed here, at #4: \"the basket stays under 2\": 'the basket stays under 2' does not hold")
    let written = LockIsolated("")
    let terminal = TerminalSession(store: app.store, view: BasketView(), prompt: "> ") { text in
      written.withValue { $0 += text }
    }
    terminal.startViewing(at: viewing.sequence, note: viewing.note)
    var lines = [":prev", ":resume"][...]
    _ = await terminal.run { lines.popFirst() }
    let screens = written.value.components(separatedBy: "> ")
    #expect(screens.first?.hasPrefix("#4 of 4") == true)
    #expect(screens.first?.contains("The exploration failed here, at #4") == true)
    #expect(screens.first?.hasSuffix("\n2 pears\n") == true, "the shared unit is the recording's, not the app's")
    #expect(screens.dropFirst().first?.contains("#3 of 4") == true)
    #expect(screens.dropFirst().first?.contains("1 pears") == true)
    #expect(app.store.currentState.count == 2, "the recording's effects were not run again")
  }

  @Test func replayedWithoutStepTheAppGoesOnFromTheRecordingsEnd() async throws {
    let (session, _) = try await exploreWithAPlantedBound()
    let app = try terminalApp(
      initialState: Basket.State(), reducer: Basket(), withDependencies: { $0.context = .preview },
      arguments: ["--replay", session.path]
    ).get()
    #expect(app.viewing == nil)
    #expect(app.store.currentState.count == 2)
    app.store.send(.add)
    #expect(await eventuallyTrue { app.store.currentState.count == 3 }, "effects run again after the replay")
  }

  @Test func whatTheAppCannotOpenIsSaidInOneLine() throws {
    func refusal(_ arguments: [String]) -> String? {
      switch terminalApp(initialState: Basket.State(), reducer: Basket(), arguments: arguments) {
      case .success: nil
      case let .failure(error): error.message
      }
    }
    #expect(refusal(["--step"]) == "--step opens a recording step by step: give it with --replay <file>.")
    #expect(refusal(["--replay"]) == "--replay needs a recording: --replay <file>.")
    #expect(refusal(["--colour"])?.hasPrefix("unknown option '--colour'.\nOptions:\n") == true)
    #expect(
      refusal(["--replay", "/no/such/recording.jsonl"])?.hasPrefix("cannot read the recording /no/such/") == true)
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let other = folder.appendingPathComponent("other.jsonl")
    try #"{"action":{"launched":{}},"time":1}"#.write(to: other, atomically: true, encoding: .utf8)
    #expect(
      refusal(["--replay", other.path])?.hasPrefix("\(other.path) is not a recording of this app: line 1:") == true)
    let empty = folder.appendingPathComponent("empty.jsonl")
    try "".write(to: empty, atomically: true, encoding: .utf8)
    #expect(refusal(["--replay", empty.path, "--step"]) == "\(empty.path) holds no actions to step through.")
  }

  private func eventuallyTrue(_ condition: () -> Bool) async -> Bool {
    for _ in 0..<200 {
      if condition() { return true }
      try? await Task.sleep(for: .milliseconds(10))
    }
    return condition()
  }
}
