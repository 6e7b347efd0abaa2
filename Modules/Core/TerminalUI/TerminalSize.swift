/// The room a screen has in the terminal, in character cells.
public struct TerminalSize: Equatable, Sendable {
  /// Lines.
  public var rows: Int
  /// Columns.
  public var columns: Int

  /// A size from its lines and columns.
  public init(rows: Int, columns: Int) {
    self.rows = rows
    self.columns = columns
  }
}
