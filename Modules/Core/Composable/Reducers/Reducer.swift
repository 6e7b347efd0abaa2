/// A feature's logic: how an action changes its state and which effects follow.
///
/// Implement either `reduce(into:action:)` or `body`, which composes other
/// reducers with `ReducerBuilder`. Reducers run on the store's main actor.
public protocol Reducer<State, Action> {
  /// The feature's state, a value.
  associatedtype State
  /// Everything that can happen to the feature.
  associatedtype Action
  /// The composed reducer `body` returns; `Never` for reducers that implement `reduce`.
  associatedtype Body

  /// Applies `action` to `state` and returns the effects to run next.
  func reduce(into state: inout State, action: Action) -> Effect<Action>

  /// The reducers this one is made of.
  @ReducerBuilder<State, Action> var body: Body { get }

  /// Runs this reducer as a prepared combinator's child, whose built body is kept in `storage`.
  ///
  /// Combinators call it; features do not implement it. Its default for a
  /// feature with a `body` runs the body kept in `storage` (built on first use),
  /// and for any other reducer simply calls `reduce(into:action:)`. So a type
  /// with a reducer `body` must not also implement `reduce(into:action:)`: inside
  /// a store its body would run instead.
  func _reduce(into state: inout State, action: Action, keepingBodyIn storage: _BodyStorage) -> Effect<Action>
}

extension Reducer {
  /// A reducer without a body has nothing to keep: it runs `reduce(into:action:)`.
  @inlinable public func _reduce(
    into state: inout State, action: Action, keepingBodyIn storage: _BodyStorage
  ) -> Effect<Action> {
    reduce(into: &state, action: action)
  }
}

extension Reducer where Body == Never {
  /// Reducers that implement `reduce` have no body; reading it is a programming error.
  public var body: Never {
    fatalError("'\(Self.self)' has no body: it implements 'reduce(into:action:)' directly.")
  }
}

extension Reducer where Body: Reducer, Body.State == State, Body.Action == Action {
  /// Runs the body, built anew for each call (inside a store, bodies are built once and kept: see `_BodyStorage`).
  @inlinable public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    noteBodyBuiltForOneAction()
    return body.reduce(into: &state, action: action)
  }

  /// Runs the body kept in `storage`, building it on the first action.
  @inlinable @inline(__always) public func _reduce(
    into state: inout State, action: Action, keepingBodyIn storage: _BodyStorage
  ) -> Effect<Action> {
    storage.reduceBody(of: self, into: &state, action: action)
  }
}

/// The reducer type of a feature, spelled from the feature: `ReducerOf<Counter>`.
public typealias ReducerOf<R: Reducer> = Reducer<R.State, R.Action>

/// Counts a body built for one action, where a test asked for it (`DependencyValues.bodyBuildCount`).
@usableFromInline func noteBodyBuiltForOneAction() {
  DependencyValues.current.bodyBuildCount?.perAction.add(1)
}
