import Composable

/// The test-store scenario: each tap answers with a response, synchronously or from a `.run` effect.
struct Echo: Reducer {
  struct State: Equatable {
    var taps = 0
    var responses = 0
  }

  enum Action: Equatable {
    case tapped
    case asyncTapped
    case response
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .tapped:
      state.taps += 1
      return .send(.response)
    case .asyncTapped:
      state.taps += 1
      return .run { send in await send(.response) }
    case .response:
      state.responses += 1
      return .none
    }
  }
}
