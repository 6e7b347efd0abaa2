import Foundation

/// State whose binding actions can be written down and read back (recorded, replayed), field by name.
///
/// A key path cannot be encoded, so the state lists its bindable fields once:
///
///     extension UserForm.State: CodableBindings {
///       public static let bindingFields: [BindingField<Self>] = [
///         .field("name", \.name), .field("email", \.email),
///       ]
///     }
///
/// A binding action then encodes as `{"field": "name", "value": "Ada"}`.
public protocol CodableBindings {
  /// The fields binding actions may set, each with the name it is written under.
  static var bindingFields: [BindingField<Self>] { get }
}

/// One bindable field of `Root`: its name in a recording and how its value is written and read.
public struct BindingField<Root>: @unchecked Sendable {
  let name: String
  /// The field.
  public let keyPath: PartialKeyPath<Root>
  let encodeValue: (any Sendable, inout KeyedEncodingContainer<BindingCodingKeys>) throws -> Void
  let decodeAction: (KeyedDecodingContainer<BindingCodingKeys>) throws -> BindingAction<Root>
  /// Makes the action setting the field, from a value of its type (for tools that invent values: explorations).
  let makeAction: (Any) -> BindingAction<Root>?
  /// The type of the field's value.
  public let valueType: Any.Type

  /// The field's name, as recordings spell it.
  public var fieldName: String { name }

  /// The action setting the field to `value`, or nil when `value` is not of the field's type.
  public func action(setting value: Any) -> BindingAction<Root>? { makeAction(value) }

  /// The field at `keyPath`, written as `name`.
  public static func field<Value: Codable & Equatable & Sendable>(
    _ name: String, _ keyPath: WritableKeyPath<Root, Value> & Sendable
  ) -> Self {
    Self(
      name: name, keyPath: keyPath,
      encodeValue: { value, container in
        guard let value = value as? Value else {
          throw EncodingError.invalidValue(
            value, .init(codingPath: container.codingPath, debugDescription: "Not a \(Value.self) for '\(name)'."))
        }
        try container.encode(value, forKey: .value)
      },
      decodeAction: { container in .set(keyPath, try container.decode(Value.self, forKey: .value)) },
      makeAction: { value in (value as? Value).map { .set(keyPath, $0) } }, valueType: Value.self)
  }
}

/// The keys of an encoded binding action.
public enum BindingCodingKeys: String, CodingKey {
  /// The field's name.
  case field
  /// The value set.
  case value
}

extension BindingAction: Encodable where Root: CodableBindings {
  /// Writes the field's name and the value; a field the state does not list cannot be written.
  public func encode(to encoder: any Encoder) throws {
    guard let field = Root.bindingFields.first(where: { $0.keyPath == keyPath }) else {
      throw EncodingError.invalidValue(
        value,
        .init(
          codingPath: encoder.codingPath,
          debugDescription: "\(keyPath) is not listed in \(Root.self).bindingFields, so it cannot be recorded."))
    }
    var container = encoder.container(keyedBy: BindingCodingKeys.self)
    try container.encode(field.name, forKey: .field)
    try field.encodeValue(value, &container)
  }
}

extension BindingAction: Decodable where Root: CodableBindings {
  /// Reads a binding action by field name; an unknown name is a decoding error naming the known ones.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: BindingCodingKeys.self)
    let name = try container.decode(String.self, forKey: .field)
    guard let field = Root.bindingFields.first(where: { $0.name == name }) else {
      throw DecodingError.dataCorruptedError(
        forKey: .field, in: container,
        debugDescription: "\(Root.self) has no bindable field '\(name)' (it has: "
          + Root.bindingFields.map(\.name).joined(separator: ", ") + ").")
    }
    self = try field.decodeAction(container)
  }
}
