import AppInfoClientInterface
import Composable
import ErrorHandlingInterface

/// The about screen: version, build, platform, Swift version, data files and sizes; writes a report for bug reports.
///
/// Parents compose it from this Interface; its logic is in `AppInfoFeature`.
public struct AppInfo: Reducer {
  /// What the screen shows.
  public struct State: Equatable, Codable, RestorableState, ObservableState {
    /// The environment, once read.
    public var environment: AppEnvironment?
    /// Whether reading it is done, in flight or failed.
    public var isLoading = false
    /// Where the last report was written, once it was.
    public var savedReportPath: String?
    /// Whether a report is being written.
    public var isSaving = false

    /// A screen that reads the environment when it appears.
    public init() {}

    /// Settles work a quit interrupted, so a restored screen reads the environment again.
    public mutating func settleForRestoration() {
      isLoading = false
      isSaving = false
      environment = nil
    }
  }

  /// Everything that can happen on the screen.
  public enum Action: Equatable, Codable, CasePathable {
    /// The screen appeared: read the environment.
    case task
    /// The client answered.
    case environmentLoaded(AppEnvironment)
    /// Write the report to a file.
    case saveReportTapped
    /// The report was written here.
    case reportSaved(String)
    /// Leave the screen.
    case doneTapped
    /// What the screen tells its parent.
    case delegate(Delegate)

    /// What the screen tells its parent.
    public enum Delegate: Equatable, Codable, CasePathable {
      /// The user is done: close the screen.
      case closed
      /// Reading the environment or writing the report failed: explain it; sending `retry` back tries again.
      indirect case failed(ErrorReport, retry: Action)
    }
  }

  /// The screen (its logic comes from `AppInfoFeature`).
  public init() {}

  /// The linked logic.
  public var body: some ReducerOf<Self> { FeatureLogic(Self.self) }
}
