import Composable
import ComposableTesting
import Foundation
import Testing

/// A pager whose last page, reached one page at a time, shows no rows: a bug whose shortest sequence (four skips
/// of two pages, then one page) delta debugging alone misses, as nine single pages are minimal too.
struct SkippingPager: Reducer {
  struct State: Equatable, Codable {
    var page = 0
    var rowsShown = 20
    var lastPage = 9
  }

  enum Action: Equatable { case next, skip, back }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .next:
      state.page = min(state.page + 1, state.lastPage)
      // The planted bug: the last page reached by `next` counts its rows from the page before.
      state.rowsShown = state.page == state.lastPage ? 0 : 20
    case .skip:
      state.page = min(state.page + 2, state.lastPage)
      state.rowsShown = 20
    case .back:
      state.page = max(state.page - 1, 0)
      state.rowsShown = 20
    }
    return .none
  }
}

@MainActor struct ShortestFailureTests {
  private func exploration(seed: UInt64, budget: Int = 1_000) -> Exploration<SkippingPager.State, SkippingPager.Action>
  {
    var exploration = Exploration<SkippingPager.State, SkippingPager.Action>(generators: [
      .always("next", .next), .always("skip", .skip), .always("back", .back),
    ])
    // Skips are rare, as a user's are: most failing sequences page one at a time.
    exploration.weight("next", 6)
    exploration.weight("back", 2)
    exploration.seed = seed
    exploration.sequences = 200
    exploration.steps = 16
    exploration.advanceChance = 0
    exploration.shortestSearchBudget = budget
    exploration.invariants = [.always("every page shows rows") { $0.rowsShown > 0 }]
    return exploration
  }

  /// Explores the pager from `seed`, expecting the failure reported, and returns what was found and the report.
  private func explore(seed: UInt64, budget: Int = 1_000) async -> (ExplorationResult<SkippingPager.Action>?, String) {
    var result: ExplorationResult<SkippingPager.Action>?
    let reported = LockIsolated("")
    await withKnownIssue {
      result = await ComposableExplorer.explore(
        exploration(seed: seed, budget: budget), initialState: { SkippingPager.State() },
        reducer: { SkippingPager() })
    } matching: { issue in
      reported.withValue { $0 = issue.comments.map(\.rawValue).joined() }
      return true
    }
    return (result, reported.value)
  }

  @Test(arguments: [1, 4, 5] as [UInt64])
  func theShortestFailureIsReportedWhereShrinkingAloneStopsAtAMinimalOne(seed: UInt64) async throws {
    // Without the search (a budget of no replays), shrinking stops at a minimal sequence: no step can be dropped.
    let (minimal, _) = await explore(seed: seed, budget: 0)
    let minimalSteps = try #require(minimal?.failure?.steps.map(\.description))
    #expect(minimalSteps.count > 5)
    #expect(minimalSteps.last == "send next")

    let (result, report) = await explore(seed: seed)
    let failure = try #require(result?.failure)
    #expect(failure.reason.property == "every page shows rows")
    #expect(failure.steps.map(\.description) == ["send skip", "send skip", "send skip", "send skip", "send next"])
    let search = try #require(result?.shortestSearch)
    #expect(search.foundShorter)
    #expect(!search.ranOutOfBudget)
    #expect(search.searchedUpTo == 4)
    // Two steps in the alphabet: 2 + 4 + 8 + 16 sequences of one to four steps, then the fifth length's.
    #expect(search.replays > 30 && search.replays <= 62)
    #expect(report.contains("\n  5. send next\nShortest: found breadth first over the failure's own steps ("))
  }

  @Test func aFailureWithNoShorterSequenceSaysItIsTheShortest() async throws {
    let (result, report) = await explore(seed: 2)
    let failure = try #require(result?.failure)
    #expect(failure.steps.count == 5)
    let search = try #require(result?.shortestSearch)
    #expect(!search.foundShorter)
    #expect(search.searchedUpTo == 4)
    #expect(report.contains("Shortest: no sequence of the failure's own steps shorter than 5 fails (30 replays)."))
  }

  @Test func aSearchThatRunsOutOfItsBudgetSaysSo() async throws {
    // Seed 5's minimal sequence has eight steps of two kinds; ten replays try the lengths one and two, and four of
    // the eight sequences of three.
    let (result, report) = await explore(seed: 5, budget: 10)
    let failure = try #require(result?.failure)
    let search = try #require(result?.shortestSearch)
    #expect(search.ranOutOfBudget)
    #expect(!search.foundShorter)
    #expect(search.replays == 10)
    #expect(failure.steps.count == 8)
    #expect(search.searchedUpTo == 2)
    #expect(report.contains("Maybe not the shortest: every sequence of the failure's own steps up to 2 steps passes"))
    #expect(report.contains("the budget of 10 replays ran out."))
  }

}
