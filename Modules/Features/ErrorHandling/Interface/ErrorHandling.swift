import Composable

/// The error screen: explains an `ErrorReport` and offers retry (when it can help) or dismiss.
///
/// The app presents it when any feature reports `.delegate(.failed(report, retry:))`,
/// and re-sends that feature's request on `.delegate(.retry)`. Its logic is in `ErrorHandlingFeature`.
public struct ErrorHandling: Reducer {
  /// The failure shown.
  public struct State: Equatable, Codable, RestorableState, ObservableState {
    /// What went wrong and what to try.
    public var report: ErrorReport

    /// The screen for `report`.
    public init(report: ErrorReport) {
      self.report = report
    }

    /// Nothing to settle: the screen only shows a report; a retry is the parent's request, sent again.
    public mutating func settleForRestoration() {}
  }

  /// Everything that can happen on the screen.
  public enum Action: Equatable, Codable, CasePathable {
    /// Try the failed request again.
    case retryTapped
    /// Close the screen without retrying.
    case dismissTapped
    /// What the screen tells its parent.
    case delegate(Delegate)

    /// What the screen tells its parent.
    public enum Delegate: Equatable, Sendable, Codable, CasePathable {
      /// Re-send the request that failed, then close the screen.
      case retry
      /// Close the screen.
      case dismissed
    }
  }

  /// The screen (its logic comes from `ErrorHandlingFeature`).
  public init() {}

  /// The linked logic.
  public var body: some ReducerOf<Self> { FeatureLogic(Self.self) }
}
