/// A confirmation dialog (action sheet) as data: an optional title, a message and a list of choices.
///
/// Presented like `AlertState`; any choice dismisses it.
public struct ConfirmationDialogState<Action>: EphemeralState, Identifiable {
  /// Which dialog this is: a new one made equal to it is another dialog.
  public private(set) var id = PresentationIdentity.next()
  /// Whether a view should show the title (platforms often hide it).
  public enum TitleVisibility: String, Hashable, Sendable {
    /// The platform decides.
    case automatic
    /// Always show the title.
    case visible
    /// Never show the title.
    case hidden
  }

  /// The title.
  public var title: String
  /// Whether to show the title.
  public var titleVisibility: TitleVisibility
  /// The explanation, if any.
  public var message: String?
  /// The choices, in order.
  public var buttons: [ButtonState<Action>]

  /// A dialog with a title, its visibility, an optional message and its choices.
  public init(
    title: String, titleVisibility: TitleVisibility = .automatic, message: String? = nil,
    buttons: [ButtonState<Action>]
  ) {
    self.title = title
    self.titleVisibility = titleVisibility
    self.message = message
    self.buttons = buttons
  }
}

extension ConfirmationDialogState: Equatable where Action: Equatable {
  /// Same title, visibility, message and buttons, whichever dialogs they are.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.title == rhs.title && lhs.titleVisibility == rhs.titleVisibility && lhs.message == rhs.message
      && lhs.buttons == rhs.buttons
  }
}

extension ConfirmationDialogState: Hashable where Action: Hashable {
  /// Hashes what equality compares.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(title)
    hasher.combine(titleVisibility)
    hasher.combine(message)
    hasher.combine(buttons)
  }
}

extension ConfirmationDialogState: ValueDumpReflectable {
  /// The dialog as a reader sees it, without its identity.
  public var valueDumpMirror: Mirror {
    Mirror(
      self,
      children: ["title": title, "titleVisibility": titleVisibility, "message": message as Any, "buttons": buttons],
      displayStyle: .struct)
  }
}
extension ConfirmationDialogState: Sendable where Action: Sendable {}
