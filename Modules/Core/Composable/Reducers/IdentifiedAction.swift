/// An action for one element of a collection: which element, and what happened to it.
public enum IdentifiedAction<ID: Hashable & Sendable, Action>: CasePathable {
  /// `action` happened to the element with `id`.
  case element(id: ID, action: Action)

  /// The element's id.
  public var id: ID {
    switch self {
    case let .element(id, _): id
    }
  }

  /// What happened to the element.
  public var action: Action {
    switch self {
    case let .element(_, action): action
    }
  }
}

extension IdentifiedAction: Equatable where Action: Equatable {}
extension IdentifiedAction: Hashable where Action: Hashable {}
extension IdentifiedAction: Sendable where Action: Sendable {}

/// The element action of a feature's rows: `IdentifiedActionOf<Row>`.
public typealias IdentifiedActionOf<R: Reducer> = IdentifiedAction<R.State.ID, R.Action>
where R.State: Identifiable, R.State.ID: Sendable
