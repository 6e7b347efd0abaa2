/// An alert as data: a title, a message and buttons, each sending an action of `Action`.
///
/// Present it with `@Presents var alert: AlertState<Action.Alert>?` and
/// `.ifLet(\.$alert, action: \.alert)`; tapping any button sends
/// `.alert(.presented(action))` (or `.alert(.dismiss)` for a button without an
/// action) and the alert goes away by itself. Equatable, so a test asserts the
/// exact alert shown.
public struct AlertState<Action>: EphemeralState {
  /// The headline.
  public var title: String
  /// The explanation under the title, if any.
  public var message: String?
  /// The buttons, in order; an alert without buttons gets a single OK button.
  public var buttons: [ButtonState<Action>]

  /// An alert with a title, an optional message and its buttons.
  public init(title: String, message: String? = nil, buttons: [ButtonState<Action>] = []) {
    self.title = title
    self.message = message
    self.buttons = buttons.isEmpty ? [.cancel("OK")] : buttons
  }
}

extension AlertState: Equatable where Action: Equatable {}
extension AlertState: Hashable where Action: Hashable {}
extension AlertState: Sendable where Action: Sendable {}
extension AlertState: Codable where Action: Codable {}
