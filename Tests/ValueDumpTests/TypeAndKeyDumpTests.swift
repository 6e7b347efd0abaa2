import Testing
import ValueDump

/// Metatypes print as Swift spells them, and dictionary keys that are structs keep the dump's indentation.
@Suite struct TypeAndKeyDumpTests {
  struct Point: Hashable {
    var x: Double
    var y: Double
  }

  struct Box<Value> {
    var value: Value
  }

  @Test func metatypesPrintAsSourceSpellsThem() {
    #expect(valueDump(Int.self) == "Int.self")
    #expect(valueDump([Int].self) == "[Int].self")
    #expect(valueDump(String?.self) == "String?.self")
    #expect(valueDump([String: [Int]].self) == "[String: [Int]].self")
    #expect(valueDump((x: Double, y: Double).self) == "(x: Double, y: Double).self")
    #expect(valueDump(Set<Int>.self) == "Set<Int>.self")
    #expect(valueDump(Box<[Point?]>.self) == "TypeAndKeyDumpTests.Box<[TypeAndKeyDumpTests.Point?]>.self")
    #expect(valueDump(Int.Type.self) == "Int.Type.self")
    #expect(valueDump(((Int) -> String).self) == "((Int) -> String).self")
  }

  @Test func aPrivateOrLocalNestedTypeKeepsItsOuterTypesName() {
    #expect(valueDump(PrivateOuter.Inner.self) == "PrivateOuter.Inner.self")
    #expect(valueDump(PrivateOuter.self) == "PrivateOuter.self")
    struct Local {
      struct Deep {}
    }
    #expect(valueDump(Local.Deep.self) == "Local.Deep.self")
    #expect(valueDump([PrivateOuter.Inner].self) == "[PrivateOuter.Inner].self")
  }

  @Test func aValueOfATypeDeclaredInAMethodNamesTheTypesAroundIt() {
    struct User {
      var name = "Blob"
    }
    func nested() -> Any {
      struct Deeper { var id = 1 }
      return Deeper()
    }
    #expect(valueDump(User()) == "TypeAndKeyDumpTests.User(name: \"Blob\")")
    #expect(valueDump(nested()) == "TypeAndKeyDumpTests.Deeper(id: 1)")
    #expect(valueDump(PrivateOuter.Inner()) == "PrivateOuter.Inner()")
  }

  /// Pairs in an order of their own, reflected as a dictionary (as an ordered dictionary's mirror does).
  private struct Ranking: CustomReflectable {
    var customMirror: Mirror { Mirror(self, unlabeledChildren: [("b", 1), ("a", 2)], displayStyle: .dictionary) }
  }

  @Test func pairsInAnOrderOfTheirOwnKeepItWhereADictionaryIsSorted() {
    #expect(valueDump(Ranking()) == "[\n  \"b\": 1,\n  \"a\": 2\n]")
    #expect(valueDump(["b": 1, "a": 2]) == "[\n  \"a\": 2,\n  \"b\": 1\n]")
  }

  @Test func aDictionaryWithStructKeysIndentsEachKeyLine() {
    let names = [Point(x: 1, y: 2): "a", Point(x: 0, y: 5): "b"]
    #expect(
      valueDump(names) == """
        [
          TypeAndKeyDumpTests.Point(
            x: 0.0,
            y: 5.0
          ): "b",
          TypeAndKeyDumpTests.Point(
            x: 1.0,
            y: 2.0
          ): "a"
        ]
        """)
  }

  @Test func aNestedDictionaryWithStructKeysKeepsItsDepth() {
    let nested = Box(value: [Point(x: 1, y: 2): [1, 2]])
    #expect(
      valueDump(nested) == """
        TypeAndKeyDumpTests.Box(
          value: [
            TypeAndKeyDumpTests.Point(
              x: 1.0,
              y: 2.0
            ): [
              [0]: 1,
              [1]: 2
            ]
          ]
        )
        """)
  }
}

/// A type private to this file, with a type inside it: both reflect through an unknown context.
private struct PrivateOuter {
  struct Inner {}
}
