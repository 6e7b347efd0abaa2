import Foundation

/// How a file key turns its value into the file's bytes and back: JSON by default, or the key's own coding.
public struct FileCoding<Value: Sendable>: Sendable {
  /// Reads a value from the file's bytes; an error sets the file aside as unreadable, as a bad JSON file is.
  let decode: @Sendable (Data) throws -> Value
  /// Writes a value as the file's bytes.
  let encode: @Sendable (Value) throws -> Data
  /// Whether a save applies only this process's changes onto the file as another process left it (JSON, field by
  /// field); a file of its own format is written whole, the last save winning.
  let mergesChanges: Bool
  /// Whether the JSON is a set's array (merged as members added and removed, not by position).
  let isSet: Bool

  /// A coding of your own: a format other than JSON (a property list, a CSV), or JSON with your own strategies.
  /// Each save writes the whole value: changes another process saved in between are not merged.
  public init(
    decode: @escaping @Sendable (Data) throws -> Value, encode: @escaping @Sendable (Value) throws -> Data
  ) {
    self.decode = decode
    self.encode = encode
    mergesChanges = false
    isSet = false
  }

  private init(
    decode: @escaping @Sendable (Data) throws -> Value, encode: @escaping @Sendable (Value) throws -> Data,
    isSet: Bool
  ) {
    self.decode = decode
    self.encode = encode
    mergesChanges = true
    self.isSet = isSet
  }
}

extension FileCoding where Value: Codable {
  /// Pretty-printed JSON with sorted keys (so a file diffs well), merged field by field with other processes' saves.
  public static var json: Self {
    Self(
      decode: { try JSONDecoder().decode(Value.self, from: $0) },
      encode: { value in
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return try encoder.encode(value)
      },
      isSet: Value.self is any SetAlgebra.Type)
  }
}
