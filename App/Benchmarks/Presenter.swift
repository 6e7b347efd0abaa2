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

    struct Cases: CaseList {
      let child = CasePath(Action.child) { if case .child(let a) = $0 { a } else { nil } }
    }
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

    struct Cases: CaseList {
      let child = CasePath(Action.child) { if case .child(let a) = $0 { a } else { nil } }
    }
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

    struct Cases: CaseList {
      let path = CasePath(Action.path) { if case .path(let a) = $0 { a } else { nil } }
    }
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

    struct Cases: CaseList {
      let destination = CasePath(Action.destination) { if case .destination(let a) = $0 { a } else { nil } }
    }
  }

  /// The screens the router can present.
  struct Destination: Reducer {
    enum State: Equatable, CasePathable {
      case counter(Counter.State)
      case other(Counter.State)

      struct Cases: CaseList {
        let counter = CasePath(State.counter) { if case .counter(let s) = $0 { s } else { nil } }
      }
    }

    enum Action: CasePathable {
      case counter(Counter.Action)

      struct Cases: CaseList {
        let counter = CasePath(Action.counter) { if case .counter(let a) = $0 { a } else { nil } }
      }
    }

    var body: some ReducerOf<Self> {
      Scope(state: \.counter, action: \.counter) { Counter() }
    }
  }

  var body: some ReducerOf<Self> {
    EmptyReducer()
      .ifLet(\.$destination, action: \.destination) { Destination() }
  }
}
