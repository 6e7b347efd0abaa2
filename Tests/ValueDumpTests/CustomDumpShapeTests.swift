import Testing
import ValueDump

/// Dumps and diffs shaped as custom-dump prints them, so a failing test reads as a TCA user expects: each test is
/// one of the shapes where this dump used to differ.
@Suite struct CustomDumpShapeTests {
  struct User: Equatable, Identifiable {
    var id: Int
    var name: String
  }

  struct Pair: Equatable {
    var driver: User
    var passenger: User
  }

  struct Wrapper: Equatable {
    var user: User
  }

  struct Token {
    var id: Int
  }

  enum Choice: Equatable {
    case foo
    case buzz
    case bar(Int)
    case fu(bar: Int)
    case fizz(Double, buzz: String)
  }

  enum Nested: Equatable {
    case nest(Choice)
    case largerNest(Int, Choice)
  }

  struct Email: Equatable {
    var subject: String
    var body: String
  }

  // MARK: Dumps

  @Test func arrayElementsPrintAfterTheirIndex() {
    #expect(
      valueDump([User(id: 1, name: "Blob"), User(id: 2, name: "Blob, Jr.")]) == """
        [
          [0]: CustomDumpShapeTests.User(
            id: 1,
            name: "Blob"
          ),
          [1]: CustomDumpShapeTests.User(
            id: 2,
            name: "Blob, Jr."
          )
        ]
        """)
  }

  @Test func aStructWithOnePlainFieldStaysOnOneLine() {
    #expect(valueDump(Token(id: 7)) == "CustomDumpShapeTests.Token(id: 7)")
    // A field that is itself a container breaks onto lines.
    #expect(
      valueDump(Wrapper(user: User(id: 1, name: "Blob"))) == """
        CustomDumpShapeTests.Wrapper(
          user: CustomDumpShapeTests.User(
            id: 1,
            name: "Blob"
          )
        )
        """)
  }

  @Test func tuplesAndPayloadsOfSeveralValuesTakeALineEach() {
    #expect(valueDump((1, 2)) == "(\n  1,\n  2\n)")
    #expect(valueDump((x: 1, y: 2, ())) == "(\n  x: 1,\n  y: 2,\n  ()\n)")
    #expect(valueDump(Choice.bar(42)) == "CustomDumpShapeTests.Choice.bar(42)")
    #expect(valueDump(Choice.fu(bar: 42)) == "CustomDumpShapeTests.Choice.fu(bar: 42)")
    #expect(
      valueDump(Choice.fizz(0.9, buzz: "2")) == """
        CustomDumpShapeTests.Choice.fizz(
          0.9,
          buzz: "2"
        )
        """)
  }

  @Test func anEnumInsideTheValueIsWrittenAsItsCase() {
    #expect(
      valueDump(Nested.nest(.fizz(0.9, buzz: "2"))) == """
        CustomDumpShapeTests.Nested.nest(
          .fizz(
            0.9,
            buzz: "2"
          )
        )
        """)
    #expect(valueDump([Choice.foo]) == "[\n  [0]: .foo\n]")
  }

  @Test func stringsPrintAsTheyWouldBeWritten() {
    #expect(valueDump("Hello!") == #""Hello!""#)
    #expect(valueDump(#"Hello, "world!""#) == ##"#"Hello, "world!""#"##)
    #expect(valueDump(####"This has a "### in it"####) == #####"####"This has a "### in it"####"#####)
    #expect(valueDump("This has a \\ in it") == ##"#"This has a \ in it"#"##)
    #expect(valueDump("This has a \t in it") == "\"This has a \\t in it\"")
    #expect(valueDump("Hello,\nWorld!") == "\"\"\"\nHello,\nWorld!\n\"\"\"")
    #expect(valueDump(Character("a")) == #""a""#)
    #expect(
      valueDump(Email(subject: "RE: Lunch", body: "See you,\nBlob")) == """
        CustomDumpShapeTests.Email(
          subject: "RE: Lunch",
          body: \"\"\"
            See you,
            Blob
            \"\"\"
        )
        """)
    // A block holding a block literal takes as many `#` as it needs.
    #expect(valueDump("a\n\"\"\"#\nb") == "##\"\"\"\na\n\"\"\"#\nb\n\"\"\"##")
  }

  @Test func aOneLineDumpStaysSwiftSource() {
    // One line is what the explorer pastes into a test: escaped literals, no indices.
    #expect(valueDumpLine([#"say "hi""#, "a\nb"]) == #"["say \"hi\"", "a\nb"]"#)
  }

  // MARK: Diffs

  @Test func unchangedFieldsShowInOutline() {
    let old = Pair(driver: User(id: 1, name: "Blob"), passenger: User(id: 2, name: "Blob, Jr."))
    var new = old
    new.passenger.name = "Blob, Sr."
    #expect(
      valueDiff(old, new) == """
          CustomDumpShapeTests.Pair(
            driver: CustomDumpShapeTests.User(…),
            passenger: CustomDumpShapeTests.User(
              id: 2,
        -     name: "Blob, Jr."
        +     name: "Blob, Sr."
            )
          )
        """)
  }

  @Test func elementsAreMatchedByIdAndChangesShowAtTheirIndex() {
    let old = [User(id: 1, name: "Blob"), User(id: 2, name: "Blob, Jr."), User(id: 3, name: "Blob, Sr.")]
    let new = [User(id: 1, name: "Blob, Esq."), User(id: 3, name: "Blob, Sr."), User(id: 4, name: "Blob, Jr.")]
    #expect(
      valueDiff(old, new) == """
          [
            [0]: CustomDumpShapeTests.User(
              id: 1,
        -     name: "Blob"
        +     name: "Blob, Esq."
            ),
        -   [1]: CustomDumpShapeTests.User(
        -     id: 2,
        -     name: "Blob, Jr."
        -   ),
            [1]: CustomDumpShapeTests.User(…),
        +   [2]: CustomDumpShapeTests.User(
        +     id: 4,
        +     name: "Blob, Jr."
        +   )
          ]
        """)
  }

  @Test func runsOfUnchangedElementsCollapseAndASingleOneShows() {
    let large = Array(1...1_000)
    var other = large
    other[100] = 42
    other[102] = 42
    other.insert(42, at: 300)
    other.remove(at: 700)
    #expect(
      valueDiff(large, other) == """
          [
            … (100 unchanged),
        -   [100]: 101,
        +   [100]: 42,
            [101]: 102,
        -   [102]: 103,
        +   [102]: 42,
            … (197 unchanged),
        +   [300]: 42,
            … (399 unchanged),
        -   [699]: 700,
            … (300 unchanged)
          ]
        """)
  }

  @Test func aSetOrDictionaryListsItsChangesThenCountsTheRest() {
    #expect(
      valueDiff(Set([1, 2, 3]), Set([1, 3, 4])) == """
          Set([
        -   2,
        +   4,
            … (2 unchanged)
          ])
        """)
    let large = Dictionary(uniqueKeysWithValues: (1...1_000).map { ($0, "\($0)") })
    var other = large
    other[100] = "42"
    other[700] = nil
    #expect(
      valueDiff(large, other) == """
          [
        -   100: "100",
        +   100: "42",
        -   700: "700",
            … (998 unchanged)
          ]
        """)
  }

  @Test func enumPayloadsAreComparedValueByValue() {
    #expect(
      valueDiff(Choice.bar(42), Choice.bar(43))
        == "- CustomDumpShapeTests.Choice.bar(42)\n+ CustomDumpShapeTests.Choice.bar(43)")
    #expect(
      valueDiff(Nested.nest(.fizz(42, buzz: "Blob")), Nested.nest(.fizz(42, buzz: "Glob"))) == """
          CustomDumpShapeTests.Nested.nest(
            .fizz(
              42.0,
        -     buzz: "Blob"
        +     buzz: "Glob"
            )
          )
        """)
    #expect(
      valueDiff(Nested.largerNest(1, .foo), Nested.largerNest(1, .buzz)) == """
          CustomDumpShapeTests.Nested.largerNest(
            1,
        -   .foo
        +   .buzz
          )
        """)
  }

  @Test func aMultiLineStringIsComparedLineByLine() {
    #expect(
      valueDiff("Hello,\nWorld!", "Hello,\nBlob!") == """
          \"\"\"
          Hello,
        - World!
        + Blob!
          \"\"\"
        """)
    #expect(
      valueDiff(Email(subject: "Hi", body: "Dear all,\nBlob"), Email(subject: "Hi", body: "Dear all,\nGlob")) == """
          CustomDumpShapeTests.Email(
            subject: "Hi",
            body: \"\"\"
              Dear all,
        -     Blob
        +     Glob
              \"\"\"
          )
        """)
  }
}
