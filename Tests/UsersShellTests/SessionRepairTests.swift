import Foundation
import Testing
import UsersShell

/// A screen that may present a form, as a saved session holds one.
private struct Screen: Codable, Equatable {
  struct Form: Codable, Equatable {
    var name: String
    var age: Int
  }

  var title: String
  var form: Form?
}

/// The same screen whose form is always there: nothing can be reset to nil.
private struct FixedScreen: Codable, Equatable {
  var title: String
  var form: Screen.Form
}

struct SessionRepairTests {
  private func decode<Value: Decodable>(_ json: String, as type: Value.Type) throws -> (Value, [String]) {
    let result = try SessionRepair.decode(Data(json.utf8)) { try JSONDecoder().decode(Value.self, from: $0) }
    return (result.value, result.reset)
  }

  @Test func aFileThatDecodesIsReadAsItIs() throws {
    let (screen, reset) = try decode(#"{"title":"A","form":{"name":"N","age":3}}"#, as: Screen.self)
    #expect(screen == Screen(title: "A", form: Screen.Form(name: "N", age: 3)))
    #expect(reset == [])
  }

  // `age` cannot be nil, so the form holding it is reset instead, and only the form is named.
  @Test func aFieldThatCannotBeReadResetsTheNearestFieldThatCanBeNil() throws {
    let (screen, reset) = try decode(#"{"title":"A","form":{"name":"N","age":"three"}}"#, as: Screen.self)
    #expect(screen == Screen(title: "A", form: nil))
    #expect(reset == ["form"])
    let (missing, resetMissing) = try decode(#"{"title":"A","form":{"name":"N"}}"#, as: Screen.self)
    #expect(missing == Screen(title: "A", form: nil))
    #expect(resetMissing == ["form"])
  }

  @Test func whatNoResetCanFixThrowsTheFirstError() {
    #expect(throws: DecodingError.self) {
      _ = try decode(#"{"title":"A","form":{"name":"N","age":"three"}}"#, as: FixedScreen.self)
    }
    #expect(throws: DecodingError.self) { _ = try decode(#"{"title":3}"#, as: Screen.self) }
    #expect(throws: (any Error).self) { _ = try decode(#"{"title": "#, as: Screen.self) }
  }
}
