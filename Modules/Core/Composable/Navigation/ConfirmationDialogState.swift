/// A confirmation dialog (action sheet) as data: an optional title, a message and a list of choices.
///
/// Presented like `AlertState`; any choice dismisses it.
public struct ConfirmationDialogState<Action>: EphemeralState {
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

extension ConfirmationDialogState: Equatable where Action: Equatable {}
extension ConfirmationDialogState: Hashable where Action: Hashable {}
extension ConfirmationDialogState: Sendable where Action: Sendable {}
