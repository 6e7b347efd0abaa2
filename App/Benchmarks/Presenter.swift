import Composable

/// A parent presenting a counter, to measure what `ifLet` over `@Presents` adds to every action.
struct Presenter: Reducer {
  struct State: Equatable {
    var taps = 0
    @Presents var child: Counter.State?
  }

  enum Action: CasePathable {
    case tapped
    case child(PresentationAction<Counter.Action>)
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      if case .tapped = action { state.taps += 1 }
      return .none
    }
    .ifLet(\.$child, action: \.child) { Counter() }
  }
}

/// A parent holding an optional counter through `ifLet`, the same measurement without `@Presents`.
struct OptionalHolder: Reducer {
  struct State: Equatable {
    var taps = 0
    var child: Counter.State?
  }

  enum Action: CasePathable {
    case tapped
    case child(Counter.Action)
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      if case .tapped = action { state.taps += 1 }
      return .none
    }
    .ifLet(\.child, action: \.child) { Counter() }
  }
}

/// A parent with three counters pushed on a navigation stack.
struct Navigator: Reducer {
  struct State: Equatable {
    var taps = 0
    var path = StackState([Counter.State(), Counter.State(), Counter.State()])
  }

  enum Action: CasePathable {
    case tapped
    case path(StackAction<Counter.State, Counter.Action>)
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      if case .tapped = action { state.taps += 1 }
      return .none
    }
    .forEach(\.path, action: \.path) { Counter() }
  }
}

/// A parent presenting one of two screens through an enum destination, the most common shape of navigation.
struct Router: Reducer {
  struct State: Equatable {
    @Presents var destination: Destination.State?
  }

  enum Action: CasePathable {
    case destination(PresentationAction<Destination.Action>)
  }

  /// The screens the router can present: a counter, or another counter's state alone (plain state, no logic).
  enum Destination: Reducer {
    case counter(Counter)
    case other(counter: Counter.State)
  }

  var body: some ReducerOf<Self> {
    EmptyReducer()
      .ifLet(\.$destination, action: \.destination)
  }
}
