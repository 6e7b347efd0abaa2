/// One thing worth counting that happened in the app ("user_opened"), with string properties.
public struct AnalyticsEvent: Equatable, Codable, Sendable {
  /// The event's name, in snake_case.
  public var name: String
  /// Details, such as the id of the user opened.
  public var properties: [String: String]

  /// An event from its parts.
  public init(_ name: String, _ properties: [String: String] = [:]) {
    self.name = name
    self.properties = properties
  }
}
