/// What a parent receives from its navigation stack: an element's action, a push, or a pop.
public enum StackAction<State, Action>: CasePathable {
  /// `action` happened in the element with `id`.
  case element(id: StackElementID, action: Action)
  /// Pop the element with `id` and every element above it (a back button, or the element's `dismiss`).
  case popFrom(id: StackElementID)
  /// Push `state` with `id` (a view's navigation link; ids must be new and above the top).
  case push(id: StackElementID, state: State)
}

extension StackAction: Equatable where State: Equatable, Action: Equatable {}
extension StackAction: Hashable where State: Hashable, Action: Hashable {}
extension StackAction: Sendable where State: Sendable, Action: Sendable {}
extension StackAction: Codable where State: Codable, Action: Codable {}

/// The stack action of a feature's path reducer: `StackActionOf<Path>`.
public typealias StackActionOf<R: Reducer> = StackAction<R.State, R.Action>
