import Composable

/// A counter with a second field nobody reads, opting into field-level observation: what row (h) sends to.
struct ObservedCounter: Reducer {
  struct State: Equatable, ObservableState {
    var count = 0
    var unread = 0
  }

  enum Action: Equatable, CasePathable {
    case increment
    case touchUnread
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .increment: state.count += 1
    case .touchUnread: state.unread += 1
    }
    return .none
  }
}

/// The same counter without the opt-in: every observer hears of every send.
struct UnobservedCounter: Reducer {
  struct State: Equatable {
    var count = 0
    var unread = 0
  }

  enum Action: Equatable, CasePathable {
    case increment
    case touchUnread
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .increment: state.count += 1
    case .touchUnread: state.unread += 1
    }
    return .none
  }
}
