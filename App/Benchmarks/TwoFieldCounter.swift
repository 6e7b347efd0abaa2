import Composable

/// A counter's state with a second field nobody reads: row (h) runs one that opts into field-level observation
/// and one that does not, with one reducer.
protocol CountWithUnreadField: Equatable {
  /// What observers read.
  var count: Int { get set }
  /// What row (h)'s sends change.
  var unread: Int { get set }
}

/// Counts, or changes the field nobody reads: what row (h) sends to.
struct TwoFieldCounter<State: CountWithUnreadField>: Reducer {
  enum Action: Equatable {
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

/// The fields, opting in: an observer of `count` is not told of a change of `unread`.
struct ObservedFields: CountWithUnreadField, ObservableState {
  var count = 0
  var unread = 0
}

/// The same fields without the opt-in: every observer hears of every send.
struct UnobservedFields: CountWithUnreadField {
  var count = 0
  var unread = 0
}
