import Composable

/// A counter that tells its parent the count when it is done.
public struct Counter: Reducer {
  /// The count.
  public struct State: Equatable {
    /// How many taps, up minus down.
    public var count = 0

    /// A counter at `count`.
    public init(count: Int = 0) { self.count = count }
  }

  /// What the counter does.
  public enum Action: Equatable, CasePathable {
    /// One up.
    case incrementTapped
    /// One down.
    case decrementTapped
    /// Finished: the parent hears the count.
    case doneTapped
    /// What the counter tells its parent.
    case delegate(Delegate)

    /// What the counter tells its parent.
    public enum Delegate: Equatable {
      /// The counter is done, at `count`.
      case finished(count: Int)
    }
  }

  /// A counter.
  public init() {}

  /// Counts, and says when it is done.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .incrementTapped:
      state.count += 1
      return .none
    case .decrementTapped:
      state.count -= 1
      return .none
    case .doneTapped:
      return .send(.delegate(.finished(count: state.count)))
    case .delegate:
      return .none
    }
  }
}
