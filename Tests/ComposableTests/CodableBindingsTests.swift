import Composable
import Foundation
import Testing

private struct Profile: Equatable, CodableBindings {
  var name = ""
  var age = 0
  var notes = ""

  static let bindingFields: [BindingField<Self>] = [.field("name", \.name), .field("age", \.age)]
}

struct CodableBindingsTests {
  @Test func aBindingIsWrittenByFieldNameAndReadBackEqual() throws {
    let action = BindingAction<Profile>.set(\.age, 36)
    let data = try JSONEncoder().encode(action)
    #expect(String(decoding: data, as: UTF8.self).contains("\"field\":\"age\""))
    let decoded = try JSONDecoder().decode(BindingAction<Profile>.self, from: data)
    #expect(decoded == action)
    var profile = Profile()
    decoded.set(&profile)
    #expect(profile.age == 36)
  }

  @Test func aFieldTheStateDoesNotListCannotBeWritten() {
    #expect(throws: EncodingError.self) { try JSONEncoder().encode(BindingAction<Profile>.set(\.notes, "x")) }
  }

  @Test func anUnknownFieldOrAWrongValueTypeCannotBeRead() {
    let unknown = Data(#"{"field": "height", "value": 180}"#.utf8)
    #expect(throws: DecodingError.self) { try JSONDecoder().decode(BindingAction<Profile>.self, from: unknown) }
    let wrongType = Data(#"{"field": "age", "value": "old"}"#.utf8)
    #expect(throws: DecodingError.self) { try JSONDecoder().decode(BindingAction<Profile>.self, from: wrongType) }
  }
}
