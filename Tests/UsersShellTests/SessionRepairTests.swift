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

/// A stack as `StackState` saves one: ids beside the elements, one each.
private struct Stack: Codable, Equatable {
  var ids: [Int]
  var elements: [Int]
  var notes: [String]
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

  // An element cannot be nil: the list is cut before it, with the list beside it that was as long.
  @Test func anElementThatCannotBeReadGoesWithThoseAfterItAndTheirIDs() throws {
    let (stack, reset) = try decode(
      #"{"ids":[0,1,2],"elements":[10,"eleven",12],"notes":["kept"]}"#, as: Stack.self)
    #expect(stack == Stack(ids: [0], elements: [10], notes: ["kept"]))
    #expect(reset == ["elements.1 onwards"])
  }

  @Test func whatNoResetCanFixThrowsTheFirstError() {
    #expect(throws: DecodingError.self) {
      _ = try decode(#"{"title":"A","form":{"name":"N","age":"three"}}"#, as: FixedScreen.self)
    }
    #expect(throws: DecodingError.self) { _ = try decode(#"{"title":3}"#, as: Screen.self) }
    #expect(throws: (any Error).self) { _ = try decode(#"{"title": "#, as: Screen.self) }
  }
}
