import AppInfoClientInterface
import ComposableTesting

extension StubFailure {
  /// The data folder cannot be written.
  public static let readOnly = StubFailure("The folder is read-only.")
}

extension AppInfoClient {
  /// A client that reads `environment` and fails every report save with `failure`.
  public static func failingToSave(
    _ environment: AppEnvironment = AppInfoClient.sampleEnvironment, with failure: any Error = StubFailure.readOnly
  ) -> AppInfoClient {
    AppInfoClient(environment: { environment }, saveReport: { _ in throw failure })
  }
}
