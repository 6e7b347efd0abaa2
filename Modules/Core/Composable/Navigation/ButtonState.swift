/// One button of an alert or dialog, as data: its label, its role and the action it sends.
public struct ButtonState<Action> {
  /// How a view should present the button.
  public enum Role: String, Hashable, Sendable, Codable {
    /// Dismisses without doing anything (shown last, or bound to Escape).
    case cancel
    /// Does something that cannot be undone (shown in red, or asked about twice).
    case destructive
  }

  /// The button's text.
  public var label: String
  /// The button's role, if it has one.
  public var role: Role?
  /// The action tapping it sends (nil: it only dismisses).
  public var action: Action?

  /// A button with a label, an optional role and the action it sends.
  public init(_ label: String, role: Role? = nil, action: Action? = nil) {
    self.label = label
    self.role = role
    self.action = action
  }

  /// A cancel button that only dismisses (or sends `action`).
  public static func cancel(_ label: String, action: Action? = nil) -> Self {
    Self(label, role: .cancel, action: action)
  }

  /// A destructive button sending `action`.
  public static func destructive(_ label: String, action: Action) -> Self {
    Self(label, role: .destructive, action: action)
  }

  /// A plain button sending `action`.
  public static func `default`(_ label: String, action: Action) -> Self {
    Self(label, action: action)
  }
}

extension ButtonState: Equatable where Action: Equatable {}
extension ButtonState: Hashable where Action: Hashable {}
extension ButtonState: Sendable where Action: Sendable {}
extension ButtonState: Codable where Action: Codable {}
