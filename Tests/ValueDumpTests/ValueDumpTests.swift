import Foundation
import IdentifiedCollections
import Testing
import ValueDump

/// Golden-text tests: each pins the exact text a reader sees.
@Suite struct ValueDumpTests {
  struct User: Equatable, Identifiable {
    var id: Int
    var name: String
    var isFavorite = false
  }

  enum Screen: Equatable {
    enum Detail: Equatable {
      case toggleFavorite
      case rename(to: String)
    }
    case list
    case detail(id: Int, action: Detail)
  }

  @Test func scalarsPrintAsLiterals() {
    #expect(valueDump(42) == "42")
    #expect(valueDump(1.5) == "1.5")
    #expect(valueDump(true) == "true")
    #expect(valueDump(Int?.none as Any) == "nil")
    #expect(valueDump(Int?.some(3) as Any) == "3")
    #expect(
      valueDump(UUID(uuidString: "00000000-0000-0000-0000-000000000001")!)
        == "UUID(00000000-0000-0000-0000-000000000001)")
    #expect(valueDump(Date(timeIntervalSince1970: 1_234_567_890)) == "Date(2009-02-13T23:31:30.000Z)")
  }

  @Test func structsListTheirFieldsUnderTheQualifiedTypeName() {
    #expect(
      valueDump(User(id: 1, name: "Ada")) == """
        ValueDumpTests.User(
          id: 1,
          name: "Ada",
          isFavorite: false
        )
        """)
  }

  @Test func nestedEnumsShowTheirQualifiedCaseNames() {
    #expect(valueDump(Screen.list) == "ValueDumpTests.Screen.list")
    // An enum inside the value is written `.case`: its type is clear from where it sits. A payload of two values
    // takes a line each; a payload of one plain value stays on one line.
    #expect(
      valueDump(Screen.detail(id: 7, action: .rename(to: "Bo"))) == """
        ValueDumpTests.Screen.detail(
          id: 7,
          action: .rename(to: "Bo")
        )
        """)
  }

  @Test func enumsThatCustomizeTheirDescriptionStillShowTheCaseName() {
    enum Status: CustomStringConvertible {
      case idle, loading
      var description: String { "custom" }
    }
    #expect(valueDump(Status.loading) == "ValueDumpTests.Status.loading")
  }

  @Test func setsAndDictionariesAreSorted() {
    #expect(
      valueDump(Set([3, 1, 2])) == """
        Set([
          1,
          2,
          3
        ])
        """)
    #expect(
      valueDump(["b": 2, "a": 1, "c": 3]) == """
        [
          "a": 1,
          "b": 2,
          "c": 3
        ]
        """)
    #expect(valueDump([String: Int]()) == "[:]")
    #expect(valueDump([Int]()) == "[]")
  }

  @Test func aTypeCanHideFieldsFromItsDump() {
    struct Token: ValueDumpReflectable {
      var id: Int
      var secret: String
      var valueDumpMirror: Mirror { Mirror(self, children: ["id": id], displayStyle: .struct) }
    }
    struct Password: ValueDumpStringConvertible {
      var value: String
      var valueDumpDescription: String { "Password(••••)" }
    }
    #expect(valueDump(Token(id: 9, secret: "hunter2")) == "ValueDumpTests.Token(id: 9)")
    #expect(valueDump(Password(value: "x")) == "Password(••••)")
  }

  @Test func aReferenceCyclePrintsOnSeveralLinesWithAMarkerWhereItCloses() {
    final class Node {
      var next: Node?
      var name = "a"
    }
    final class Link {
      var next: Link?
    }
    let link = Link()
    link.next = link
    // One field, yet on several lines: the marker has a line of its own, as custom-dump prints it.
    #expect(
      valueDump(link) == """
        ValueDumpTests.Link(
          next: ValueDumpTests.Link(↩︎)
        )
        """)
    let first = Node()
    let second = Node()
    second.name = "b"
    first.next = second
    second.next = first
    #expect(
      valueDump(first) == """
        ValueDumpTests.Node(
          next: ValueDumpTests.Node(
            next: ValueDumpTests.Node(↩︎),
            name: "b"
          ),
          name: "a"
        )
        """)
  }

  @Test func equalValuesHaveNoDiff() {
    #expect(valueDiff(User(id: 1, name: "A"), User(id: 1, name: "A")) == nil)
  }

  /// Never equal, with nothing a dump shows to tell two apart.
  private struct NeverEqual: Equatable {
    static func == (lhs: Self, rhs: Self) -> Bool { false }
  }

  /// Never equal, though its fields are.
  private struct NeverEqualUser: Equatable {
    var id: Int
    var name: String
    static func == (lhs: Self, rhs: Self) -> Bool { false }
  }

  @Test func unequalValuesThatDumpTheSameAreSaidSoAsCustomDumpSaysIt() {
    #expect(
      valueDiff(NeverEqual(), NeverEqual())
        == "  // Not equal but no difference detected:\n- ValueDumpTests.NeverEqual()\n+ ValueDumpTests.NeverEqual()")
    #expect(
      valueDiff(NeverEqualUser(id: 1, name: "Blob"), NeverEqualUser(id: 1, name: "Blob"))
        == "  // Not equal but no difference detected:\n- ValueDumpTests.NeverEqualUser(…)\n+ ValueDumpTests.NeverEqualUser(…)"
    )
  }

  @Test func aDiffShowsOnlyTheChangedField() {
    #expect(
      valueDiff(User(id: 1, name: "Ada"), User(id: 1, name: "Ada L.")) == """
          ValueDumpTests.User(
            id: 1,
        -   name: "Ada",
        +   name: "Ada L.",
            isFavorite: false
          )
        """)
  }

  @Test func aDiffOfThousandRowsDifferingInOneFieldIsShort() {
    let old = IdentifiedArray(uniqueElements: (0..<1_000).map { User(id: $0, name: "User \($0)") })
    var new = old
    new[id: 500]?.isFavorite = true
    let diff = try! #require(valueDiff(old, new))
    #expect(
      diff == """
          [
            … (500 unchanged),
            [500]: ValueDumpTests.User(
              id: 500,
              name: "User 500",
        -     isFavorite: false
        +     isFavorite: true
            ),
            … (499 unchanged)
          ]
        """)
    #expect(diff.split(separator: "\n").count < 15)
  }

  @Test func insertedAndRemovedElementsShowAsWholeElements() {
    #expect(
      valueDiff([1, 2, 3], [1, 3, 4]) == """
          [
            [0]: 1,
        -   [1]: 2,
            [1]: 3,
        +   [2]: 4
          ]
        """)
  }

  @Test func aChangedEnumCaseIsReplacedWhole() {
    #expect(
      valueDiff(Screen.list, Screen.detail(id: 1, action: .toggleFavorite)) == """
        - ValueDumpTests.Screen.list
        + ValueDumpTests.Screen.detail(
        +   id: 1,
        +   action: .toggleFavorite
        + )
        """)
  }

  @Test func dictionaryEntriesAreMatchedByKey() {
    #expect(
      valueDiff(["a": 1, "b": 2], ["a": 1, "b": 3, "c": 4]) == """
          [
        -   "b": 2,
        +   "b": 3,
        +   "c": 4,
            … (1 unchanged)
          ]
        """)
  }

  @Test func aOneLineDumpHoldsTheWholeValueAndCanAbbreviateNestedCases() {
    let users = [User(id: 1, name: "Ada"), User(id: 2, name: "Grace")]
    #expect(valueDump(users).contains("\n"))
    #expect(
      valueDumpLine(users)
        == #"[ValueDumpTests.User(id: 1, name: "Ada", isFavorite: false), "#
        + #"ValueDumpTests.User(id: 2, name: "Grace", isFavorite: false)]"#)
    let screen = Screen.detail(id: 1, action: .toggleFavorite)
    #expect(
      valueDumpLine(screen)
        == "ValueDumpTests.Screen.detail(id: 1, action: ValueDumpTests.Screen.Detail.toggleFavorite)")
    #expect(
      valueDumpLine(screen, abbreviatingNestedCases: true)
        == "ValueDumpTests.Screen.detail(id: 1, action: .toggleFavorite)")
    #expect(valueDumpLine([String: Int]()) == "[:]")
  }
}
