import Composable

// Five concrete levels around `Counter`, to measure the cost of scoping depth.

/// Level 1: holds the counter.
struct Level1: Reducer {
  struct State: Equatable { var child = Counter.State() }
  enum Action: CasePathable {
    case child(Counter.Action)
  }
  var body: some ReducerOf<Self> {
    Scope(state: \.child, action: CasePath(Action.child) { if case .child(let a) = $0 { a } else { nil } }) {
      Counter()
    }
  }
}

/// Level 2: holds level 1.
struct Level2: Reducer {
  struct State: Equatable { var child = Level1.State() }
  enum Action: CasePathable {
    case child(Level1.Action)
  }
  var body: some ReducerOf<Self> {
    Scope(state: \.child, action: CasePath(Action.child) { if case .child(let a) = $0 { a } else { nil } }) { Level1() }
  }
}

/// Level 3: holds level 2.
struct Level3: Reducer {
  struct State: Equatable { var child = Level2.State() }
  enum Action: CasePathable {
    case child(Level2.Action)
  }
  var body: some ReducerOf<Self> {
    Scope(state: \.child, action: CasePath(Action.child) { if case .child(let a) = $0 { a } else { nil } }) { Level2() }
  }
}

/// Level 4: holds level 3.
struct Level4: Reducer {
  struct State: Equatable { var child = Level3.State() }
  enum Action: CasePathable {
    case child(Level3.Action)
  }
  var body: some ReducerOf<Self> {
    Scope(state: \.child, action: CasePath(Action.child) { if case .child(let a) = $0 { a } else { nil } }) { Level3() }
  }
}

/// Level 5: the root, holding level 4.
struct Level5: Reducer {
  struct State: Equatable { var child = Level4.State() }
  enum Action: CasePathable {
    case child(Level4.Action)
  }
  var body: some ReducerOf<Self> {
    Scope(state: \.child, action: CasePath(Action.child) { if case .child(let a) = $0 { a } else { nil } }) { Level4() }
  }
}
