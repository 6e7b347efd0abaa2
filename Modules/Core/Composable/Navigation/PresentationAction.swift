/// What a parent receives from a presented child: one of the child's actions, or a request to dismiss it.
public enum PresentationAction<Action>: CasePathable {
  /// An action of the presented child.
  case presented(Action)
  /// Dismiss the child: sent by the parent's view, or by the child through the `dismiss` dependency.
  case dismiss
}

extension PresentationAction: Equatable where Action: Equatable {}
extension PresentationAction: Hashable where Action: Hashable {}
extension PresentationAction: Sendable where Action: Sendable {}
extension PresentationAction: Codable where Action: Codable {}
