/// Why a scaffold was refused or could not be written: one line for the user, said before anything is changed.
public struct ScaffoldError: Error, Equatable, CustomStringConvertible {
  /// The message, without a prefix.
  public var message: String

  /// An error saying `message`.
  public init(_ message: String) {
    self.message = message
  }

  /// The message.
  public var description: String { message }
}
