import ComposableTesting
import Testing

/// `expectNoDifference`: silent on equal values, a diff of the two on different ones.
struct ExpectNoDifferenceTests {
  private struct User: Equatable {
    var name: String
    var city: String
  }

  @Test func equalValuesPassSilently() {
    expectNoDifference(User(name: "Ada", city: "London"), User(name: "Ada", city: "London"))
  }

  @Test func differentValuesFailWithTheChangedLinesOnly() {
    withKnownIssue {
      expectNoDifference(User(name: "Ada", city: "London"), User(name: "Ada", city: "Paris"), "after the move")
    } matching: { issue in
      let text = issue.description
      return text.contains("after the move") && text.contains("The values differ")
        && text.contains(#"city: "London""#) && text.contains(#"city: "Paris""#)
    }
  }

  /// Equal only when its secret is: a secret its dump leaves out.
  private struct Token: Equatable, ValueDumpReflectable {
    var id: Int
    var secret: String
    var valueDumpMirror: Mirror { Mirror(self, children: ["id": id]) }
  }

  @Test func valuesThatDumpTheSameButAreNotEqualAreSaidSoAsCustomDumpSaysIt() {
    withKnownIssue {
      expectNoDifference(Token(id: 1, secret: "a"), Token(id: 1, secret: "b"))
    } matching: { issue in
      issue.description.contains(
        """
          // Not equal but no difference detected:
        - ExpectNoDifferenceTests.Token(…)
        + ExpectNoDifferenceTests.Token(…)
        """)
    }
  }
}
