import Composable

/// A child identified by a number it can change, with a repeating one-second timer: what navigation
/// tests use to tell "the same child, changed" from "a new child".
struct Stopwatch: Reducer {
  struct State: Equatable, Identifiable {
    var id = 0
    var ticks = 0
    var label = ""
  }

  enum Action: Equatable {
    case startTapped
    case tick
    case renumberTapped
  }

  @Dependency(\.continuousClock) var clock

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
    case .renumberTapped:
      state.id += 100
      return .none
    }
  }
}
