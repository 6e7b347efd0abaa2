import Composable

/// A running total: it presents a counter or an alert, one at a time (an enum destination of SyncUps' shape). It
/// adds what the counter finishes with and says the total in the alert, which can reset it.
public struct Tally: Reducer {
  /// The total and what is presented over it.
  public struct State: Equatable, ObservableState {
    /// The sum of every finished count.
    public var total = 0
    /// The counter, or the alert saying the total after each count.
    @Presents public var destination: Destination.State?

    /// A total of 0 with nothing presented.
    public init() {}
  }

  /// What the tally does.
  public enum Action: Equatable, CasePathable {
    /// Open a counter.
    case countTapped
    /// The counter's actions, or the alert's buttons.
    case destination(PresentationAction<Destination.Action>)
  }

  /// What the tally presents.
  public enum Destination: Reducer {
    /// What a destination's state can do.
    private typealias StateConformances = Equatable
    /// What a destination's actions can do.
    private typealias ActionConformances = Equatable

    /// A counter.
    case counter(Counter)
    /// The total: any button dismisses it.
    case alert(AlertState<Alert>)

    /// The alert's buttons.
    public enum Alert: Equatable {
      /// Start again from 0.
      case reset
    }
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
        state.total += count
        state.destination = .alert(
          AlertState(
            title: "The total is \(state.total).", buttons: [.destructive("Reset", action: .reset), .cancel("OK")]))
        return .none
      case .destination(.presented(.alert(.reset))):
        state.total = 0
        return .none
      case .destination:
        return .none
      }
    }
    .ifLet(\.$destination, action: \.destination)
  }
}
