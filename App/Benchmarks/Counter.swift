import Composable

/// The smallest feature: one number.
struct Counter: Reducer {
  struct State: Equatable {
    var count = 0
  }

  enum Action: Equatable, CasePathable {
    case increment

    struct Cases: CaseList {
      let increment = CasePath<Action, Void>(Action.increment) { $0 == .increment }
    }
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.count += 1
    return .none
  }
}
