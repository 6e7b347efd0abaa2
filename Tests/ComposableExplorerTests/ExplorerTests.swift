import Composable
import ComposableTesting
import Foundation
import Testing

/// A small editor with the bugs users meet planted behind a switch, one at a time: the explorer must find each
/// and shrink it to a handful of steps.
struct Planted: Reducer {
  enum Bug: CaseIterable { case none, saveAfterClose, missingCancellation, pageOffByOne, lostField, leakingTimer }

  struct State: Equatable, Codable {
    var isEditing = false
    var saved = 0
    var query = ""
    var applied = ""
    var page = 0
    var pageCount = 3
    var ticking = false
    var ticks = 0
  }

  enum Action: Equatable {
    case edit, save, saved, close
    case type(String), apply(String)
    case next
    case startTimer, stopTimer, tick
  }
  enum CancelID { case save, search, timer }

  let bug: Bug
  @Dependency(\.continuousClock) var clock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .edit:
      state.isEditing = true
      return .none
    case .save:
      guard state.isEditing else { return .none }
      return .run { [clock] send in
        try await clock.sleep(for: .seconds(1))
        await send(.saved)
      }
      .cancellable(id: CancelID.save)
    case .saved:
      // The answer to a save that the user closed before it came must not count.
      if bug != .saveAfterClose, !state.isEditing { return .none }
      state.saved += 1
      return .none
    case .close:
      state.isEditing = false
      return bug == .saveAfterClose ? .none : .cancel(id: CancelID.save)
    case let .type(text):
      state.query = text
      let effect = Effect<Action>.run { [clock] send in
        try await clock.sleep(for: .milliseconds(300))
        await send(.apply(text))
      }
      return bug == .missingCancellation ? effect : effect.cancellable(id: CancelID.search, cancelInFlight: true)
    case let .apply(text):
      state.applied = text
      return .none
    case .next:
      let last = bug == .pageOffByOne ? state.pageCount : state.pageCount - 1
      state.page = min(state.page + 1, last)
      return .none
    case .startTimer:
      state.ticking = true
      return .run { [clock] send in
        while true {
          try await clock.sleep(for: .seconds(1))
          await send(.tick)
        }
      }
      .cancellable(id: CancelID.timer, cancelInFlight: true)
    case .stopTimer:
      state.ticking = false
      return bug == .leakingTimer ? .none : .cancel(id: CancelID.timer)
    case .tick:
      state.ticks += 1
      return .none
    }
  }
}

/// The planted bug that loses a field in encoding: only `saved` is kept.
private struct LossyState: Equatable, Codable {
  var saved = 0
  var note = ""

  enum CodingKeys: String, CodingKey { case saved }

  init() {}
  init(from decoder: any Decoder) throws {
    saved = try decoder.container(keyedBy: CodingKeys.self).decode(Int.self, forKey: .saved)
  }
  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(saved, forKey: .saved)
  }
}

/// A note whose encoding forgets the text: the planted bug of a state that does not round-trip.
private struct Notes: Reducer {
  enum Action: Equatable { case write(String) }

  func reduce(into state: inout LossyState, action: Action) -> Effect<Action> {
    switch action {
    case let .write(text):
      state.note = text
      return .none
    }
  }
}

@MainActor struct ExplorerTests {
  /// The actions a user of the editor can cause, and what must always hold.
  static func exploration(seed: UInt64 = 42) -> Exploration<Planted.State, Planted.Action> {
    var exploration = Exploration<Planted.State, Planted.Action>(generators: [
      .always("edit", .edit), .always("save", .save), .always("close", .close),
      ActionGenerator("type") { _, random in .type(random.text(maxLength: 2)) },
      .always("next page", .next), .always("start timer", .startTimer), .always("stop timer", .stopTimer),
    ])
    exploration.seed = seed
    exploration.sequences = 200
    exploration.steps = 12
    exploration.teardown = [.close, .stopTimer]
    exploration.invariants = [
      .always("the page is within the pages") { $0.page < $0.pageCount },
      Invariant("a save counts only while editing") { state, previous, _ in
        state.saved > previous.saved && !previous.isEditing ? "a save counted after the editor closed" : nil
      },
      Invariant("an applied query is the one typed last") { state, _, action in
        guard case let .apply(text) = action, text != state.query else { return nil }
        return "applied \"\(text)\" while the query is \"\(state.query)\""
      },
    ]
    return exploration
  }

  @discardableResult private func explore(
    _ bug: Planted.Bug, _ exploration: Exploration<Planted.State, Planted.Action>,
    function: StaticString = #function
  ) async -> ExplorationResult<Planted.Action> {
    await ComposableExplorer.explore(
      exploration, initialState: { Planted.State() }, reducer: { Planted(bug: bug) }, function: function)
  }

  /// Explores with `bug` planted, expecting the failure reported, and returns what was found.
  private func findPlanted(
    _ bug: Planted.Bug, seed: UInt64 = 42
  ) async -> (property: String, steps: [String])? {
    var result: ExplorationResult<Planted.Action>?
    await withKnownIssue {
      result = await explore(bug, Self.exploration(seed: seed))
    }
    guard let failure = result?.failure else { return nil }
    return (failure.reason.property, failure.steps.map(\.description))
  }

  @Test func aCorrectFeaturePassesEverySequence() async {
    let result = await explore(.none, Self.exploration())
    #expect(result.failure == nil)
    #expect(result.sequences == 200)
    #expect(result.steps > 1_000)
  }

  @Test func aSaveAnsweredAfterTheEditorClosedIsFoundAndShrunk() async throws {
    let found = try #require(await findPlanted(.saveAfterClose))
    #expect(found.property == "a save counts only while editing")
    #expect(found.steps.prefix(3) == ["send edit", "send save", "send close"])
    #expect(found.steps.count == 4 && found.steps[3].hasPrefix("advance "))
  }

  @Test func aMissingCancellationIsFoundAndShrunk() async throws {
    let found = try #require(await findPlanted(.missingCancellation))
    #expect(found.property == "an applied query is the one typed last")
    #expect(found.steps.count <= 4)
    #expect(found.steps.filter { $0.hasPrefix("send type(") }.count == 2)
  }

  @Test func anOffByOneInPagingIsFoundAndShrunk() async throws {
    let found = try #require(await findPlanted(.pageOffByOne))
    #expect(found.property == "the page is within the pages")
    #expect(found.steps == ["send next", "send next", "send next"])
  }

  @Test func anEffectLeftRunningIsFoundAndShrunk() async throws {
    let found = try #require(await findPlanted(.leakingTimer))
    #expect(found.property == "effects still running")
    #expect(found.steps == ["send startTimer"])
  }

  @Test func aStateThatDoesNotRoundTripIsFound() async throws {
    var exploration = Exploration<LossyState, Notes.Action>(generators: [
      ActionGenerator("write") { _, random in .write(random.text(maxLength: 4)) }
    ])
    exploration.seed = 7
    var result: ExplorationResult<Notes.Action>?
    await withKnownIssue {
      result = await ComposableExplorer.explore(exploration, initialState: { LossyState() }, reducer: { Notes() })
    }
    let failure = try #require(result?.failure)
    #expect(failure.reason.property == "Codable round trip")
    #expect(failure.steps.count == 1)
  }

  @Test func theReportNamesTheSeedTheStepsAndHowToRerunThem() async throws {
    let reported = LockIsolated("")
    await withKnownIssue {
      await explore(.pageOffByOne, Self.exploration(seed: 42))
    } matching: { issue in
      reported.withValue { $0 = issue.comments.map(\.rawValue).joined() }
      return true
    }
    let message = reported.value
    #expect(message.contains("Exploring Planted found a failure in sequence "))
    #expect(message.contains("  the page is within the pages: 'the page is within the pages' does not hold\n"))
    #expect(message.contains("Shrunk from "))
    #expect(message.contains("  1. send next\n  2. send next\n  3. send next\n"))
    #expect(message.contains("As an exhaustive test (paste it beside the exploration; it fails the same way):\n"))
    #expect(message.contains("    await store.send(.next) {\n      $0.page = 3\n    }\n"))
    #expect(message.contains("    exploration.expectProperties(of: store.state, previous: previous, action: .next)\n"))
    #expect(message.contains("Run only this sequence again: EXPLORATION_SEED=0x"))
    #expect(message.hasSuffix(" swift test --filter theReportNamesTheSeedTheStepsAndHowToRerunThem"))
  }

  @Test func aRuntimeIssueInASequenceIsAFailure() async throws {
    var exploration = Exploration<Int, String>(generators: [.always("poke", "poke")])
    exploration.seed = 1
    exploration.sequences = 3
    var result: ExplorationResult<String>?
    await withKnownIssue {
      result = await ComposableExplorer.explore(
        exploration, initialState: { 0 },
        reducer: {
          Reduce<Int, String> { state, _ in
            state += 1
            if state == 2 { reportIssue("the second poke is not allowed") }
            return .none
          }
        })
    }
    let failure = try #require(result?.failure)
    #expect(failure.reason == ExplorationFailure(property: "runtime issue", message: "the second poke is not allowed"))
    #expect(failure.steps.count == 2)
  }

  /// What seed 42's first sequence reduces, written down once: CI runs this test in debug and in release, so both
  /// builds (and every platform) must take exactly these steps.
  @Test func aSeedsSequenceIsTheSameInEveryBuild() async {
    var exploration = Self.exploration()
    exploration.sequences = 1
    exploration.steps = 10
    let reduced = LockIsolated<[String]>([])
    exploration.invariants = [
      Invariant("log") { _, _, action in
        reduced.withValue { $0.append(action.map { actionPath($0) } ?? "-") }
        return nil
      }
    ]
    await explore(.none, exploration)
    // Ten steps: seven actions sent, three clock advances (one woke the search, one the timer, one nothing).
    #expect(
      reduced.value == [
        "save", "close", "stopTimer", "startTimer", "tick", "type(\"p\")", "-", "apply(\"p\")", "next", "edit",
      ])
  }

  @Test func theSameSeedGivesTheSameSequencesAndAnotherSeedOthers() async {
    var exploration = Self.exploration()
    exploration.sequences = 1
    exploration.steps = 30
    let log = LockIsolated<[String]>([])
    exploration.invariants = [
      Invariant("log") { _, _, action in
        log.withValue { $0.append("\(String(describing: action))") }; return nil
      }
    ]
    await explore(.none, exploration)
    let first = log.withValue { value in
      defer { value = [] }; return value
    }
    await explore(.none, exploration)
    let again = log.withValue { value in
      defer { value = [] }; return value
    }
    exploration.seed = 43
    await explore(.none, exploration)
    let other = log.value
    #expect(first.count >= 30)
    #expect(first == again)
    #expect(first != other)
  }
}

/// Stars kept in a shared value: copies of the state share them, so a past state must be read as it was.
struct SharedStars: Reducer {
  struct State: Equatable {
    @Shared(.inMemory("explored.stars")) var stars: Set<Int> = []
  }

  enum Action: Equatable { case toggle(Int) }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case let .toggle(star):
      state.$stars.withLock { stars in
        if stars.remove(star) == nil { stars.insert(star) }
      }
      return .none
    }
  }
}

@MainActor struct SharedFailureTextTests {
  @Test func aPropertyOfASharedValueBreaksInThePastedTestWhereItBrokeInTheSequence() async throws {
    var exploration = Exploration<SharedStars.State, SharedStars.Action>(generators: [
      ActionGenerator("toggle") { _, random in .toggle(random.int(in: 1...3)) }
    ])
    exploration.seed = 11
    exploration.advanceChance = 0
    exploration.invariants = [.always("at most one star") { $0.stars.count <= 1 }]
    var result: ExplorationResult<SharedStars.Action>?
    await withKnownIssue {
      result = await ComposableExplorer.explore(
        exploration, initialState: { SharedStars.State() }, reducer: { SharedStars() })
    }
    let failure = try #require(result?.failure)
    #expect(failure.steps.count == 2)
    let lines = try #require(result?.shrunkTest).components(separatedBy: "\n")
    let sends = lines.indices.filter { lines[$0].contains("await store.send(.toggle(") }
    let breaks = try #require(lines.firstIndex { $0.contains("'at most one star' breaks here") })
    #expect(sends.count == 2)
    #expect(breaks > sends[1], "it breaks after the second star, not the first:\n\(lines.joined(separator: "\n"))")
  }
}
