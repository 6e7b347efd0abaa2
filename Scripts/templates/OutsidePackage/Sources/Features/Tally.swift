import Composable

/// A running total: it presents a counter (an enum destination), adds what the counter finishes with, and says
/// the total in an alert that can reset it.
public struct Tally: Reducer {
  /// The total and what is presented over it.
  public struct State: Equatable {
    /// The sum of every finished count.
    public var total = 0
    /// The counter, while it is open.
    @Presents public var destination: Destination.State?
    /// The total, said after each count.
    @Presents public var alert: AlertState<Action.Alert>?

    /// A total of 0 with nothing presented.
    public init() {}
  }

  /// What the tally does.
  public enum Action: Equatable, CasePathable {
    /// Open a counter.
    case countTapped
    /// The presented destination's actions.
    case destination(PresentationAction<Destination.Action>)
    /// The alert's buttons.
    case alert(PresentationAction<Alert>)

    /// The alert's buttons.
    public enum Alert: Equatable {
      /// Start again from 0.
      case reset
    }
  }

  /// What the tally presents.
  public enum Destination: Reducer {
    /// What a destination's state can do.
    public typealias StateConformances = Equatable
    /// What a destination's actions can do.
    public typealias ActionConformances = Equatable

    /// A counter.
    case counter(Counter)
  }

  /// A tally.
  public init() {}

  /// Adds up the counters' delegate actions.
  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .countTapped:
        state.destination = .counter(Counter.State())
        return .none
      case let .destination(.presented(.counter(.delegate(.finished(count))))):
        state.destination = nil
        state.total += count
        state.alert = AlertState(
          title: "The total is \(state.total).", buttons: [.destructive("Reset", action: .reset), .cancel("OK")])
        return .none
      case .destination:
        return .none
      case .alert(.presented(.reset)):
        state.total = 0
        return .none
      case .alert:
        return .none
      }
    }
    .ifLet(\.$destination, action: \.destination)
    .ifLet(\.$alert, action: \.alert)
  }
}
