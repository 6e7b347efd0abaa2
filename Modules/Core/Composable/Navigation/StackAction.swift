/// What a parent receives from its navigation stack: an element's action, a push, or a pop.
public enum StackAction<State, Action>: CasePathable {
  /// `action` happened in the element with `id`.
  case element(id: StackElementID, action: Action)
  /// Pop the element with `id` and every element above it (a back button, or the element's `dismiss`).
  case popFrom(id: StackElementID)
  /// Push `state` with `id` (a view's navigation link; ids must be new and above the top).
  case push(id: StackElementID, state: State)

  /// The cases as case paths (`\.path.element`, `\.path.popFrom`, `\.path.push`).
  public struct Cases: CaseList {
    /// Creates the list.
    public init() {}
    /// `.element(id:action:)`.
    public let element = CasePath<StackAction, (id: StackElementID, action: Action)>(
      { StackAction.element(id: $0.id, action: $0.action) },
      extract: { if case let .element(id, action) = $0 { (id, action) } else { nil } })
    /// `.popFrom(id:)`.
    public let popFrom = CasePath<StackAction, StackElementID>(
      { StackAction.popFrom(id: $0) }, extract: { if case let .popFrom(id) = $0 { id } else { nil } })
    /// `.push(id:state:)`.
    public let push = CasePath<StackAction, (id: StackElementID, state: State)>(
      { StackAction.push(id: $0.id, state: $0.state) },
      extract: { if case let .push(id, state) = $0 { (id, state) } else { nil } })
  }
}

extension StackAction: Equatable where State: Equatable, Action: Equatable {}
extension StackAction: Hashable where State: Hashable, Action: Hashable {}
extension StackAction: Sendable where State: Sendable, Action: Sendable {}
extension StackAction: Codable where State: Codable, Action: Codable {}

/// The stack action of a feature's path reducer: `StackActionOf<Path>`.
public typealias StackActionOf<R: Reducer> = StackAction<R.State, R.Action>
