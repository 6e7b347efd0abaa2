/// The id of one element of a `StackState`: 0 for the first element ever pushed on that stack, then 1, 2…
///
/// Ids are never reused within a stack, so an effect of a popped element can
/// never be mistaken for one of a newer element; and they are deterministic, so a
/// test writes `.push(id: 0, state: …)`.
public struct StackElementID: Hashable, Sendable, Comparable, Codable, ExpressibleByIntegerLiteral,
  CustomStringConvertible
{
  /// The number behind the id.
  public let rawValue: Int

  /// An id from its number.
  public init(_ rawValue: Int) { self.rawValue = rawValue }

  /// An id from a literal, as tests write it.
  public init(integerLiteral value: Int) { self.init(value) }

  /// Orders by number (the order elements were pushed).
  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }

  /// Decodes a plain number.
  public init(from decoder: any Decoder) throws {
    rawValue = try decoder.singleValueContainer().decode(Int.self)
  }

  /// Encodes a plain number.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(rawValue)
  }

  /// The number.
  public var description: String { "#\(rawValue)" }
}
