import Composable
import ErrorHandlingInterface

/// The error screen's behaviour: retry only when the report says it can help; either way tell the parent.
struct ErrorHandlingLogic: Reducer {
  typealias State = ErrorHandling.State
  typealias Action = ErrorHandling.Action

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .retryTapped:
        guard state.report.canRetry else { return .none }
        return .send(.delegate(.retry))
      case .dismissTapped:
        return .send(.delegate(.dismissed))
      case .delegate:
        return .none
      }
    }
  }
}

extension ErrorHandling: LinkedFeatureLogic {
  /// The error screen's real logic, linked with this module.
  public static func logic() -> Reduce<State, Action> { Reduce(ErrorHandlingLogic()) }
}
