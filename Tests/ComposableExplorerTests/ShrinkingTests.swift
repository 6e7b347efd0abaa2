import Composable
import ComposableTesting
import Testing

/// Moves that undo each other (a toggle, a page forward and back, a push and a pop), with bugs planted on an
/// exact position: their failures hide among moves that cancel out in pairs, where dropping one step at a time
/// gets stuck and two steps must be dropped together.
struct Undoable: Reducer {
  enum Bug: CaseIterable { case pressedWhileOn, selectedOnPageThree, inspectedTwoDeep }

  struct State: Equatable, Codable {
    var isOn = false
    var page = 0
    var depth = 0
    var broken: String?
  }

  enum Action: Equatable, CaseIterable { case toggle, press, next, previous, select, push, pop, inspect }

  let bug: Bug

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .toggle: state.isOn.toggle()
    case .press where bug == .pressedWhileOn && state.isOn: state.broken = "pressed while the light was on"
    case .next: state.page = min(state.page + 1, 9)
    case .previous: state.page = max(state.page - 1, 0)
    case .select where bug == .selectedOnPageThree && state.page == 3: state.broken = "selected page 3"
    case .push: state.depth += 1
    case .pop: state.depth = max(state.depth - 1, 0)
    case .inspect where bug == .inspectedTwoDeep && state.depth == 2: state.broken = "inspected two deep"
    case .press, .select, .inspect: break
    }
    return .none
  }

  /// The fewest actions that break the state, found by trying every sequence in order of length.
  static func shortestFailure(_ bug: Bug, upTo limit: Int = 6) -> Int? {
    var sequences: [State] = [State()]
    for length in 1...limit {
      var next: [State] = []
      for state in sequences {
        for action in Action.allCases {
          var state = state
          _ = Undoable(bug: bug).reduce(into: &state, action: action)
          if state.broken != nil { return length }
          next.append(state)
        }
      }
      // Equal states lead to the same futures: one of each is enough.
      sequences = next.reduce(into: []) { kept, state in if !kept.contains(state) { kept.append(state) } }
    }
    return nil
  }
}

@MainActor struct ShrinkingTests {
  static func exploration(seed: UInt64) -> Exploration<Undoable.State, Undoable.Action> {
    var exploration = Exploration<Undoable.State, Undoable.Action>(
      generators: Undoable.Action.allCases.map { .always("\($0)", $0) })
    exploration.seed = seed
    exploration.sequences = 400
    exploration.steps = 24
    exploration.invariants = [.always("nothing breaks") { $0.broken == nil }]
    return exploration
  }

  @Test(arguments: Undoable.Bug.allCases)
  func aFailureHiddenAmongMovesThatCancelInPairsShrinksToTheShortest(bug: Undoable.Bug) async throws {
    let shortest = try #require(Undoable.shortestFailure(bug))
    for seed: UInt64 in [1, 42, 2026] {
      var result: ExplorationResult<Undoable.Action>?
      await withKnownIssue {
        result = await explore(
          Self.exploration(seed: seed), initialState: { Undoable.State() }, reducer: { Undoable(bug: bug) })
      } matching: {
        $0.description.contains("nothing breaks") && $0.description.contains(" replays, ")
      }
      let failure = try #require(result?.failure, "seed \(seed)")
      #expect(failure.steps.count == shortest, "seed \(seed): \(failure.steps.map(\.description))")
      #expect(failure.original > shortest, "seed \(seed): found already short")
      #expect(try #require(result?.shrinking).replays > 0)
    }
  }

  @Test func theShortestFailuresAreTheOnesThePlantedBugsNeed() {
    #expect(Undoable.shortestFailure(.pressedWhileOn) == 2)
    #expect(Undoable.shortestFailure(.selectedOnPageThree) == 4)
    #expect(Undoable.shortestFailure(.inspectedTwoDeep) == 3)
  }
}
