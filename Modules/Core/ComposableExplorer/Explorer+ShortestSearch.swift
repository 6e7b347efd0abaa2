import Composable

/// What the search for a shorter failing sequence did: how far it got, and what it cost.
public struct ShortestSearch: Equatable, Sendable {
  /// Every sequence of the failure's own steps up to this many steps was tried (0: none).
  public var searchedUpTo = 0
  /// The sequences replayed.
  public var replays = 0
  /// Whether the budget ran out before every shorter length was tried: a shorter failure may then exist.
  public var ranOutOfBudget = false
  /// Whether the search found a sequence shorter than the shrunk one.
  public var foundShorter = false

  /// One line of the report: what a reader may conclude about the length of the steps shown.
  func reportLine(budget: Int, steps: Int) -> String {
    if foundShorter {
      return "Shortest: found breadth first over the failure's own steps (\(replays) replays); none shorter fails."
    }
    if ranOutOfBudget && searchedUpTo == 0 {
      return "Maybe not the shortest: no shorter sequence was tried (a budget of \(budget) replays)."
    }
    if ranOutOfBudget {
      return "Maybe not the shortest: every sequence of the failure's own steps up to \(searchedUpTo) steps passes; "
        + "longer ones were left untried when the budget of \(budget) replays ran out."
    }
    return "Shortest: no sequence of the failure's own steps shorter than \(steps) fails (\(replays) replays)."
  }
}

extension Explorer {
  /// Looks for a shorter sequence failing the same property than `best`, which delta debugging left minimal (no
  /// step can be dropped) but perhaps not shortest: five pages skipped two at a time fail as nine single steps do.
  /// Breadth first over the steps `best` uses, every length below its own in turn, so the first failure found is
  /// the shortest made of them; at most `budget` replays.
  func searchShorter(
    than best: [Step], failing failure: ExplorationFailure, budget: Int
  ) async -> (steps: [Step], failure: ExplorationFailure, search: ShortestSearch) {
    var alphabet: [Step] = []
    for step in best where !alphabet.contains(where: { $0.description == step.description }) {
      alphabet.append(step)
    }
    var search = ShortestSearch()
    for length in 1..<max(best.count, 1) {
      // Every sequence of `length` letters, as the digits of a number in base `alphabet.count`.
      var digits = [Int](repeating: 0, count: length)
      repeat {
        guard search.replays < budget else {
          search.ranOutOfBudget = true
          return (best, failure, search)
        }
        search.replays += 1
        let candidate = digits.map { alphabet[$0] }
        let outcome = await runSequence { _, index, _ in index < candidate.count ? candidate[index] : nil }
        if let failed = outcome.failure, failed.property == failure.property {
          search.foundShorter = true
          return (outcome.steps, failed, search)
        }
      } while Self.advance(&digits, base: alphabet.count)
      search.searchedUpTo = length
    }
    return (best, failure, search)
  }

  /// Moves `digits` to the next number in `base`, the last digit fastest; false once every number was taken.
  static func advance(_ digits: inout [Int], base: Int) -> Bool {
    var position = digits.count - 1
    while position >= 0 {
      digits[position] += 1
      if digits[position] < base { return true }
      digits[position] = 0
      position -= 1
    }
    return false
  }
}
