/// An alert as data: a title, a message and buttons, each sending an action of `Action`.
///
/// Present it with `@Presents var alert: AlertState<Action.Alert>?` and
/// `.ifLet(\.$alert, action: \.alert)`; tapping any button sends
/// `.alert(.presented(action))` (or `.alert(.dismiss)` for a button without an
/// action) and the alert goes away by itself. Equatable, so a test asserts the
/// exact alert shown. Each alert made has an identity of its own (`id`), which equality ignores.
public struct AlertState<Action>: EphemeralState, Identifiable {
  /// Which alert this is: a new one made equal to it is another alert.
  public private(set) var id = PresentationIdentity.next()
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

extension AlertState {
  // The identity is not part of what is saved: a decoded alert is a new one.
  private enum CodingKeys: String, CodingKey { case title, message, buttons }
}

extension AlertState: Equatable where Action: Equatable {
  /// Same title, message and buttons, whichever alerts they are.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.title == rhs.title && lhs.message == rhs.message && lhs.buttons == rhs.buttons
  }
}

extension AlertState: Hashable where Action: Hashable {
  /// Hashes what equality compares.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(title)
    hasher.combine(message)
    hasher.combine(buttons)
  }
}

extension AlertState: Sendable where Action: Sendable {}
extension AlertState: Codable where Action: Codable {}

extension AlertState: ValueDumpReflectable {
  /// The alert as a reader sees it, without its identity.
  public var valueDumpMirror: Mirror {
    Mirror(self, children: ["title": title, "message": message as Any, "buttons": buttons], displayStyle: .struct)
  }
}
