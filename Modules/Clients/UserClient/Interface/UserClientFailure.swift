/// A failure of the users client as a screen's action carries it: what went wrong, and what to do about it when
/// the client knows better than the screen's general advice (`UserClientError.suggestion`). Written as a string
/// literal, it is a message with no advice of its own.
public struct UserClientFailure: Error, Equatable, Sendable, Codable, CustomStringConvertible,
  ExpressibleByStringLiteral
{
  /// One line for the user: what went wrong.
  public var message: String
  /// What to do about it, when more particular than the screen's advice.
  public var suggestion: String?

  /// A failure saying `message`, with `suggestion` if there is one.
  public init(message: String, suggestion: String? = nil) {
    self.message = message
    self.suggestion = suggestion
  }

  /// A failure saying `message`.
  public init(stringLiteral message: String) {
    self.init(message: message)
  }

  /// What `error` says, with its advice when it is the client's own.
  public init(_ error: any Error) {
    self.init(message: "\(error)", suggestion: (error as? UserClientError)?.suggestion)
  }

  /// The message.
  public var description: String { message }

  private enum CodingKeys: String, CodingKey { case message, suggestion }

  /// Reads a failure written either way `encode(to:)` writes one (a recording of an earlier version has strings).
  public init(from decoder: any Decoder) throws {
    if let message = try? decoder.singleValueContainer().decode(String.self) {
      self.init(message: message)
      return
    }
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      message: try container.decode(String.self, forKey: .message),
      suggestion: try container.decodeIfPresent(String.self, forKey: .suggestion))
  }

  /// Writes the message alone as a string when there is no advice, as a failure was written before it had any.
  public func encode(to encoder: any Encoder) throws {
    guard let suggestion else {
      var container = encoder.singleValueContainer()
      try container.encode(message)
      return
    }
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(message, forKey: .message)
    try container.encode(suggestion, forKey: .suggestion)
  }

  /// The advice to show: this failure's own, or `general`, the screen's.
  public func suggestion(otherwise general: String) -> String {
    suggestion ?? general
  }
}
