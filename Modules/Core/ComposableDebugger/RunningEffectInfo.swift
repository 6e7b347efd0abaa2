import Foundation

/// An effect a store is running now, as `:effects` lists it.
public struct RunningEffectInfo: Sendable, Equatable {
  /// The effect's number in the store (the trace's span id).
  public let id: UInt64
  /// The action whose reduce started it.
  public let startedBy: Int
  /// That action's path, which names the feature it belongs to.
  public let actionPath: String
  /// How long it has run.
  public let age: Duration
  /// Its cancellation ids, as the feature declared them (navigation ids left out).
  public let cancellationIDs: [String]

  /// How long it has run, as a listing shows it: `2.5 s`.
  public var ageText: String {
    String(format: "%.1f s", Double(age.components.seconds) + Double(age.components.attoseconds) / 1e18)
  }
}
