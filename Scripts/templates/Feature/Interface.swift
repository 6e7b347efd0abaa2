import Composable
// scaffold: presents
import ChildNameInterface
// scaffold: end

/// FeatureName: say here what the feature is for. Parents compose it from this Interface; its logic is in FeatureNameFeature.
public struct FeatureName: Reducer {
  /// What the feature shows.
  public struct State: Equatable, Codable, RestorableState, ObservableState {
    /// A number the user steps up and down (a placeholder for the feature's own state).
    public var count = 0
    // scaffold: presents
    /// ChildName, while presented.
    @Presents public var childName: ChildName.State?
    // scaffold: end

    /// The feature's first screen.
    public init() {}

    /// Settles work a quit interrupted, when an app saves its screens (none yet: add it here when the feature
    /// starts effects).
    public mutating func settleForRestoration() {}
  }

  /// Everything that can happen in the feature.
  public enum Action: Equatable, Codable, CasePathable {
    /// Add one.
    case incrementTapped
    /// Take one away (never below zero).
    case decrementTapped
    /// Finish: tell the parent.
    case doneTapped
    // scaffold: presents
    /// Present ChildName.
    case openChildNameTapped
    /// ChildName's actions, while presented.
    case childName(PresentationAction<ChildName.Action>)
    // scaffold: end
    /// What the feature tells its parent.
    case delegate(Delegate)

    /// What the feature tells its parent: the only actions a parent reacts to.
    public enum Delegate: Equatable, Sendable, Codable, CasePathable {
      /// The user finished with this count.
      case finished(count: Int)
    }
  }

  /// The feature (its logic comes from `FeatureNameFeature`).
  public init() {}

  /// The linked logic.
  public var body: some ReducerOf<Self> { FeatureLogic(Self.self) }
}
