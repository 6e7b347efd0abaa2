import ValueDump

/// A person in the directory.
public struct User: Identifiable, Hashable, Codable, Sendable {
  /// A user's stable number, assigned by the client when the user is added.
  public struct ID: Hashable, Comparable, Codable, Sendable, CustomStringConvertible, ExpressibleByIntegerLiteral {
    /// The number.
    public let rawValue: Int
    /// An id from its number.
    public init(_ rawValue: Int) { self.rawValue = rawValue }
    /// An id from a literal (tests).
    public init(integerLiteral value: Int) { self.init(value) }
    /// Orders by number.
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
    /// Decodes a plain number.
    public init(from decoder: any Decoder) throws { rawValue = try decoder.singleValueContainer().decode(Int.self) }
    /// Encodes a plain number.
    public func encode(to encoder: any Encoder) throws {
      var container = encoder.singleValueContainer()
      try container.encode(rawValue)
    }
    /// The number.
    public var description: String { String(rawValue) }
  }

  /// The user's id.
  public var id: ID
  /// Full name.
  public var name: String
  /// Email address.
  public var email: String
  /// City, possibly empty.
  public var city: String

  /// A user from its fields.
  public init(id: ID, name: String, email: String, city: String = "") {
    self.id = id
    self.name = name
    self.email = email
    self.city = city
  }
}

/// The fields of a user not yet added (the client assigns the id).
public struct NewUser: Hashable, Codable, Sendable {
  /// Full name.
  public var name: String
  /// Email address.
  public var email: String
  /// City, possibly empty.
  public var city: String

  /// A new user from its fields.
  public init(name: String, email: String, city: String = "") {
    self.name = name
    self.email = email
    self.city = city
  }
}

extension User.ID: ValueDumpStringConvertible {
  /// Dumps as the number alone: `id: 7`, not a nested wrapper.
  public var valueDumpDescription: String { String(rawValue) }
}
