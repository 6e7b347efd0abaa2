/// Builds a reducer from a list of reducers, run in order, with `if`, `if`/`else` and optional parts.
///
/// It folds the list pairwise (`buildPartialBlock`), so a body of any length
/// type-checks in linear time instead of through one overload per arity.
@resultBuilder
public enum ReducerBuilder<State, Action> {
  /// An empty body does nothing.
  @inlinable public static func buildBlock() -> EmptyReducer<State, Action> { EmptyReducer() }

  /// A reducer given as an expression.
  @inlinable public static func buildExpression<R: Reducer>(_ reducer: R) -> R
  where R.State == State, R.Action == Action { reducer }

  /// The first reducer of a block.
  @inlinable public static func buildPartialBlock<R: Reducer>(first: R) -> R
  where R.State == State, R.Action == Action { first }

  /// Everything so far, then the next reducer.
  @inlinable public static func buildPartialBlock<R0: Reducer, R1: Reducer>(
    accumulated: R0, next: R1
  ) -> ReducerSequence<R0, R1> where R0.State == State, R0.Action == Action, R1.State == State, R1.Action == Action {
    ReducerSequence(accumulated, next)
  }

  /// An `if` without `else`: runs the reducer only when it was built.
  @inlinable public static func buildOptional<R: Reducer>(_ reducer: R?) -> R?
  where R.State == State, R.Action == Action { reducer }

  /// The `if` branch of an `if`/`else`.
  @inlinable public static func buildEither<First: Reducer, Second: Reducer>(
    first: First
  ) -> ConditionalReducer<First, Second> where First.State == State, First.Action == Action { .first(first) }

  /// The `else` branch of an `if`/`else`.
  @inlinable public static func buildEither<First: Reducer, Second: Reducer>(
    second: Second
  ) -> ConditionalReducer<First, Second> where Second.State == State, Second.Action == Action { .second(second) }

  /// An `#available` branch.
  @inlinable public static func buildLimitedAvailability<R: Reducer>(_ reducer: R) -> R
  where R.State == State, R.Action == Action { reducer }
}

/// Two reducers run one after the other; their effects are merged.
public struct ReducerSequence<First: Reducer, Second: Reducer>: Reducer
where First.State == Second.State, First.Action == Second.Action {
  @usableFromInline var first: First
  @usableFromInline var second: Second

  @inlinable init(_ first: First, _ second: Second) {
    self.first = first
    self.second = second
  }

  /// Runs `first` then `second`.
  @inlinable public func reduce(into state: inout First.State, action: First.Action) -> Effect<First.Action> {
    let firstEffect = first.reduce(into: &state, action: action)
    let secondEffect = second.reduce(into: &state, action: action)
    if firstEffect.isNone { return secondEffect }
    if secondEffect.isNone { return firstEffect }
    return .merge(firstEffect, secondEffect)
  }

  /// Prepares both.
  @inlinable mutating func prepareForStore() {
    prepareReducer(&first)
    prepareReducer(&second)
  }
}

/// One of two reducers, chosen when the body was built (`if`/`else`).
public enum ConditionalReducer<First: Reducer, Second: Reducer>: Reducer
where First.State == Second.State, First.Action == Second.Action {
  /// The `if` branch.
  case first(First)
  /// The `else` branch.
  case second(Second)

  /// Runs whichever branch was built.
  @inlinable public func reduce(into state: inout First.State, action: First.Action) -> Effect<First.Action> {
    switch self {
    case let .first(reducer): reducer.reduce(into: &state, action: action)
    case let .second(reducer): reducer.reduce(into: &state, action: action)
    }
  }

  /// Prepares the branch that was built.
  @inlinable mutating func prepareForStore() {
    switch self {
    case var .first(reducer):
      prepareReducer(&reducer)
      self = .first(reducer)
    case var .second(reducer):
      prepareReducer(&reducer)
      self = .second(reducer)
    }
  }
}

extension Optional: Reducer where Wrapped: Reducer {
  /// Runs the wrapped reducer if there is one.
  @inlinable public func reduce(into state: inout Wrapped.State, action: Wrapped.Action) -> Effect<Wrapped.Action> {
    switch self {
    case let .some(reducer): reducer.reduce(into: &state, action: action)
    case .none: .none
    }
  }

  /// Prepares the wrapped reducer, if any.
  @inlinable mutating func prepareForStore() {
    guard case var .some(wrapped) = self else { return }
    prepareReducer(&wrapped)
    self = .some(wrapped)
  }
}
