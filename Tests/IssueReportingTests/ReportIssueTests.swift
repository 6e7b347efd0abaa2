import ComposableTesting
import IssueReporting
import Testing

struct ReportIssueTests {
  @Test func insideATestAnIssueFailsIt() {
    withKnownIssue {
      reportIssue("something went wrong")
    } matching: {
      $0.comments.contains { $0.rawValue == "something went wrong" }
    }
  }

  @Test func aHandlerCollectsIssuesWithTheirLocation() {
    let (_, issues) = collectingIssues { reportIssue("collected") }
    #expect(issues.map(\.message) == ["collected"])
    #expect(issues.first?.location.fileID == "IssueReportingTests/ReportIssueTests.swift")
    #expect(isRunningTests)
  }

  @Test func anErrorIsReportedWithWhatWasBeingDone() {
    struct Offline: Error {}
    let (_, issues) = collectingIssues {
      reportIssue(Offline())
      reportIssue(Offline(), "saving the draft")
    }
    #expect(issues.map(\.message) == ["Caught error: Offline()", "Caught error: Offline(): saving the draft"])
  }
}
