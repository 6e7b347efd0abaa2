/// How an effect ended, as a trace tells it.
public enum EffectOutcome: String, Sendable {
  /// Its body returned.
  case finished
  /// It was cancelled (by id, by dismissal, by the store going away).
  case cancelled
  /// It threw an error other than cancellation.
  case failed
}
