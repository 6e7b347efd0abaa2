/// What a reducer operator of your own does around each action of the reducer it modifies
/// (`.analytics { … }`, a logger), written without any of the store's speed machinery.
///
/// Apply it with `reducer.modified(by: modifier)`. Inside a store the modified
/// reducer's `body` is still built once and prepared, as for any child: the
/// operator costs one call of `reduce(into:action:next:)` per action.
///
/// ```swift
/// struct Logging<State, Action>: ReducerModifier {
///   func reduce(
///     into state: inout State, action: Action, next: (inout State, Action) -> Effect<Action>
///   ) -> Effect<Action> {
///     print("received", action)
///     return next(&state, action)
///   }
/// }
/// extension Reducer {
///   func logging() -> ModifiedReducer<Self, Logging<State, Action>> { modified(by: Logging()) }
/// }
/// ```
public protocol ReducerModifier<State, Action> {
  /// The modified reducer's state.
  associatedtype State
  /// The modified reducer's actions.
  associatedtype Action

  /// Handles `action`: calls `next` (the modified reducer) at most once, and returns the effects to run.
  func reduce(
    into state: inout State, action: Action, next: (inout State, Action) -> Effect<Action>
  ) -> Effect<Action>
}

extension Reducer {
  /// This reducer, with `modifier` around each of its actions.
  @inlinable public func modified<Modifier: ReducerModifier>(
    by modifier: Modifier
  ) -> ModifiedReducer<Self, Modifier> where Modifier.State == State, Modifier.Action == Action {
    ModifiedReducer(base: KeptBodyReducer(self), modifier: modifier)
  }
}

/// A reducer with a `ReducerModifier` around it (see `Reducer.modified(by:)`).
public struct ModifiedReducer<Base: Reducer, Modifier: ReducerModifier>: Reducer
where Modifier.State == Base.State, Modifier.Action == Base.Action {
  @usableFromInline var base: KeptBodyReducer<Base>
  @usableFromInline let modifier: Modifier

  @inlinable init(base: KeptBodyReducer<Base>, modifier: Modifier) {
    self.base = base
    self.modifier = modifier
  }

  /// Runs the modifier, which runs the base.
  @inlinable public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    modifier.reduce(into: &state, action: action) { state, action in base.reduce(into: &state, action: action) }
  }

  /// Prepares the base, so that its body is kept once a store runs it.
  @inlinable mutating func prepareForStore() {
    prepareReducer(&base)
  }
}
