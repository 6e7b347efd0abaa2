/// What a view is told besides the state when asked for its screen: how to style the text, and how much room the
/// terminal gives it (nil when nothing draws it in a terminal: a piped session, a test).
public struct ScreenContext: Equatable, Sendable {
  /// The style of the text (plain when colors are off).
  public var style: TextStyle
  /// The rows and columns the screen may fill, when a terminal says.
  public var room: TerminalSize?

  /// A context styled with `style`, with `room` to draw in.
  public init(style: TextStyle = .plain, room: TerminalSize? = nil) {
    self.style = style
    self.room = room
  }

  /// Plain text, in no terminal.
  public static var plain: ScreenContext { ScreenContext() }
}
