/// Tells when something watched has stopped moving: the same observation for a number of checks in a row and
/// for a stretch of wall time, since on a loaded machine a step that is ready can wait longer than any number
/// of checks.
public struct QuietWindow<Observation: Equatable> {
  private let rounds: Int
  private let period: Duration
  private var last: Observation
  private var quietRounds = 0
  private var quietSince = ContinuousClock.now

  /// A window that calls `rounds` unchanged checks over at least `period` quiet, starting from `start`.
  public init(rounds: Int, period: Duration, start: Observation) {
    self.rounds = rounds
    self.period = period
    last = start
  }

  /// Records `observation`; whether nothing has moved for long enough.
  public mutating func isQuiet(after observation: Observation) -> Bool {
    guard observation == last else {
      quietRounds = 0
      last = observation
      quietSince = ContinuousClock.now
      return false
    }
    quietRounds += 1
    return quietRounds >= rounds && ContinuousClock.now - quietSince >= period
  }
}
