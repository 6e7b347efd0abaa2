import Composable

/// Each `start` runs an effect that sends `done` back, to measure the effect round trip.
struct Ping: Reducer {
  struct State: Equatable {
    var done = 0
  }

  enum Action: Equatable {
    case start
    case done
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .start:
      return .run { send in await send(.done) }
    case .done:
      state.done += 1
      return .none
    }
  }
}
