import Foundation
import ValueDump

/// A value the tools must never show or send out: a password, a token. The app reads and writes it as its own
/// (`@Secret var password: String`, or `case passwordChanged(Secret<String>)` for an action's payload); every way
/// the package prints a value (dumps, diffs, the debugger's timeline, `:at`, `:find`, failure messages,
/// `printChanges`, `String(describing:)`) shows `Secret(••••)`, and a recording or an export made by the debugger
/// writes it masked (`{"secret":"masked"}`), so no byte of it leaves the process through a socket or a file.
///
/// An app's own persistence keeps it: encoded with an encoder that does not ask for masking it is the value itself.
/// A masked one does not decode (the replay of a recording says which line), so nothing stands in for it silently.
@propertyWrapper
public struct Secret<Value> {
  /// The value itself, for the app's own use.
  public var wrappedValue: Value

  /// `wrappedValue`, kept from the tools.
  public init(wrappedValue: Value) {
    self.wrappedValue = wrappedValue
  }

  /// `value`, kept from the tools.
  public init(_ value: Value) {
    self.init(wrappedValue: value)
  }

  /// What every printing of a secret shows.
  public static var masked: String { "Secret(••••)" }
}

extension Secret: Equatable where Value: Equatable {}
extension Secret: Hashable where Value: Hashable {}
extension Secret: Sendable where Value: Sendable {}

extension Secret: ValueDumpStringConvertible, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
  /// Masked.
  public var valueDumpDescription: String { Self.masked }
  /// Masked.
  public var description: String { Self.masked }
  /// Masked.
  public var debugDescription: String { Self.masked }
  /// No children: reflection (Swift's own `dump`, a debugger walking fields) finds nothing inside.
  public var customMirror: Mirror { Mirror(self, children: [], displayStyle: .struct) }
}

extension CodingUserInfoKey {
  /// Set to `true` in an encoder's `userInfo` to write every `Secret` masked: what the debugger's exports and
  /// recordings do.
  public static let masksSecrets = CodingUserInfoKey(rawValue: "Composable.masksSecrets")!
}

extension Secret: Encodable where Value: Encodable {
  /// The value itself, or `{"secret":"masked"}` for an encoder that masks secrets.
  public func encode(to encoder: any Encoder) throws {
    if encoder.userInfo[.masksSecrets] as? Bool == true {
      var container = encoder.container(keyedBy: MaskKey.self)
      try container.encode("masked", forKey: .secret)
    } else {
      try wrappedValue.encode(to: encoder)
    }
  }
}

extension Secret: Decodable where Value: Decodable {
  /// The value itself; a masked one is refused, saying so.
  public init(from decoder: any Decoder) throws {
    if let keyed = try? decoder.container(keyedBy: MaskKey.self),
      (try? keyed.decode(String.self, forKey: .secret)) == "masked"
    {
      throw DecodingError.dataCorrupted(
        DecodingError.Context(
          codingPath: decoder.codingPath,
          debugDescription: "a secret was masked when this was recorded: it cannot be read back"))
    }
    self.init(wrappedValue: try Value(from: decoder))
  }
}

/// The one key of a masked secret.
private enum MaskKey: String, CodingKey {
  case secret
}
