/// An error that reads as the sentence a user would see, for stand-in dependencies that fail on purpose.
///
/// Client Testing targets name their usual failures as static members (`StubFailure.offline`), so tests
/// throw and assert the same sentence without declaring an error type each.
public struct StubFailure: Error, Equatable, Sendable, CustomStringConvertible {
  /// The sentence shown where the failure surfaces.
  public let description: String

  /// A failure that reads `description`.
  public init(_ description: String) {
    self.description = description
  }
}
