/// A failure as a person reads it: what happened, why, and what to try.
///
/// Features put one in their `.delegate(.failed(report, retry:))`; the app shows
/// it in the ErrorHandling screen.
public struct ErrorReport: Equatable, Codable, Sendable {
  /// What happened, in a short sentence ("Could not load the users.").
  public var title: String
  /// The underlying error's own words.
  public var reason: String
  /// What the user can do about it.
  public var suggestion: String
  /// Whether trying the same request again can help.
  public var canRetry: Bool

  /// A report from its parts.
  public init(title: String, reason: String, suggestion: String, canRetry: Bool = true) {
    self.title = title
    self.reason = reason
    self.suggestion = suggestion
    self.canRetry = canRetry
  }
}
