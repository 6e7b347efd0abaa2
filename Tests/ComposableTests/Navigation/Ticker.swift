import Composable

/// A presentable child with a long-running effect (a timer) and a close button that dismisses itself.
struct Ticker: Reducer {
  struct State: Equatable {
    var ticks = 0
  }

  enum Action: Equatable, CasePathable {
    case startTapped
    case tick
    case closeTapped
  }

  @Dependency(\.continuousClock) var clock
  @Dependency(\.dismiss) var dismiss

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .startTapped:
      return .run { [clock] send in
        while true {
          try await clock.sleep(for: .seconds(1))
          await send(.tick)
        }
      }
    case .tick:
      state.ticks += 1
      return .none
    case .closeTapped:
      return .run { [dismiss] _ in await dismiss() }
    }
  }
}
