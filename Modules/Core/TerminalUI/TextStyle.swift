import Foundation

/// Terminal styling that is on only for a terminal, never for a dumb one or when `NO_COLOR` is set.
public struct TextStyle: Sendable, Equatable {
  /// Whether escape codes are written.
  public let colors: Bool

  /// A style with colors on or off.
  public init(colors: Bool) { self.colors = colors }

  /// No escape codes (tests, pipes, files).
  public static let plain = TextStyle(colors: false)

  /// Colors when standard output is a terminal that is not `TERM=dumb` and `NO_COLOR` is unset or empty.
  public static func detect(environment: [String: String] = ProcessInfo.processInfo.environment) -> TextStyle {
    let noColor = environment["NO_COLOR"].map { !$0.isEmpty } ?? false
    let dumb = environment["TERM"] == "dumb"
    return TextStyle(colors: !noColor && !dumb && isatty(STDOUT_FILENO) == 1)
  }

  /// Bold text (titles).
  public func bold(_ text: String) -> String { wrap(text, "1") }
  /// Dim text (hints).
  public func dim(_ text: String) -> String { wrap(text, "2") }
  /// Red text (errors, destructive buttons).
  public func red(_ text: String) -> String { wrap(text, "31") }
  /// Green text (success).
  public func green(_ text: String) -> String { wrap(text, "32") }
  /// Yellow text (favorites, warnings).
  public func yellow(_ text: String) -> String { wrap(text, "33") }

  private func wrap(_ text: String, _ code: String) -> String {
    colors ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
  }
}
