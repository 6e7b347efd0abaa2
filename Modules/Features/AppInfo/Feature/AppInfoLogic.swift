import AppInfoClientInterface
import AppInfoInterface
import Composable
import ErrorHandlingInterface

/// The about screen's behaviour: read the environment on appear; write the report through the client.
struct AppInfoLogic: Reducer {
  typealias State = AppInfo.State
  typealias Action = AppInfo.Action

  @Dependency(AppInfoClient.self) var appInfo

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .task:
        guard state.environment == nil, !state.isLoading else { return .none }
        state.isLoading = true
        return .run { [appInfo] send in
          await send(.environmentLoaded(try await appInfo.environment()))
        } catch: { error, send in
          let report = ErrorReport(
            title: "Could not read the app's environment.", reason: "\(error)",
            suggestion: "Retry; if it keeps failing, include this message in the bug report.")
          await send(.delegate(.failed(report, retry: .task)))
        }
      case let .environmentLoaded(environment):
        state.isLoading = false
        state.environment = environment
        return .none
      case .saveReportTapped:
        guard let environment = state.environment, !state.isSaving else { return .none }
        state.isSaving = true
        return .run { [appInfo] send in
          await send(.reportSaved(try await appInfo.saveReport(environment.report)))
        } catch: { error, send in
          let report = ErrorReport(
            title: "Could not write the environment report.", reason: "\(error)",
            suggestion: "Check that the data folder is writable, then retry.")
          await send(.delegate(.failed(report, retry: .saveReportTapped)))
        }
      case let .reportSaved(path):
        state.isSaving = false
        state.savedReportPath = path
        return .none
      case .doneTapped:
        return .send(.delegate(.closed))
      case .delegate(.failed):
        // The request is over either way; the parent shows the report and may send the request again.
        state.isLoading = false
        state.isSaving = false
        return .none
      case .delegate:
        return .none
      }
    }
  }
}

extension AppInfo: LinkedFeatureLogic {
  /// The about screen's real logic, linked with this module.
  public static func logic() -> Reduce<State, Action> { Reduce(AppInfoLogic()) }
}
