import Dispatch

/// One benchmark scenario: what it runs once per round, and how many actions that is.
struct Scenario {
  let name: String
  let operations: Int
  /// One timed run; it must leave its result observable (`blackHole`) so that nothing is optimized away.
  let run: @MainActor () async -> Void
}

/// Every scenario's nanoseconds per action in each round, in scenario order.
struct Samples {
  /// `perRound[round][scenario]`.
  let perRound: [[Double]]

  /// The median nanoseconds per action of scenario `index`.
  func median(_ index: Int) -> Double {
    Self.median(of: perRound.map { $0[index] })
  }

  /// The median, over rounds, of scenario `index`'s time divided by scenario `reference`'s in the same round.
  ///
  /// A ratio of two medians taken minutes apart mixes in whatever else the
  /// machine was doing at each time; a ratio within one round compares the two
  /// under the same conditions, and its median drops the rounds a burst of noise hit.
  func medianRatio(_ index: Int, to reference: Int) -> Double {
    Self.median(of: perRound.map { $0[index] / $0[reference] })
  }

  static func median(of values: [Double]) -> Double {
    values.sorted()[values.count / 2]
  }
}

/// Runs `rounds` rounds that each time every scenario once, interleaved; each timed run follows an untimed one.
///
/// The untimed run right before puts the scenario's data back in the caches,
/// which the other scenarios of the round evicted: each sample is "after a
/// warm-up", as if the scenario ran alone.
@MainActor func measureInterleaved(_ scenarios: [Scenario], rounds: Int = 5) async -> Samples {
  var perRound: [[Double]] = []
  for _ in 0..<rounds {
    var round: [Double] = []
    for scenario in scenarios {
      await scenario.run()
      let start = DispatchTime.now().uptimeNanoseconds
      await scenario.run()
      let end = DispatchTime.now().uptimeNanoseconds
      round.append(Double(end - start) / Double(scenario.operations))
    }
    perRound.append(round)
  }
  return Samples(perRound: perRound)
}

/// Keeps a value alive and observable so the optimizer cannot delete the work that made it.
@inline(never) func blackHole<T>(_ value: T) {
  withExtendedLifetime(value) {}
}
