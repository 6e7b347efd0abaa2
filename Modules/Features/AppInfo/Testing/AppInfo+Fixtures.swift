import AppInfoClientInterface
import AppInfoInterface

extension AppInfo.State {
  /// The screen once `environment` was read, before any report was written.
  public static func showing(_ environment: AppEnvironment = AppInfoClient.sampleEnvironment) -> Self {
    var state = Self()
    state.environment = environment
    return state
  }
}
