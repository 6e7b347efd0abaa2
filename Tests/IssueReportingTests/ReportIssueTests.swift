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

struct WithExpectedIssueTests {
  @Test func anExpectedIssueIsAbsorbedAndAMissingOneIsReported() async {
    let (_, absorbed) = collectingIssues {
      withExpectedIssue { reportIssue("the expected one") }
    }
    #expect(absorbed.isEmpty)
    let (_, missing) = collectingIssues {
      withExpectedIssue("a save that fails") {}
    }
    #expect(missing.map(\.message) == ["An issue was expected (a save that fails), but none was reported."])
    let (_, intermittent) = collectingIssues {
      withExpectedIssue(isIntermittent: true) {}
    }
    #expect(intermittent.isEmpty)
    // A thrown error counts as the issue, async too: nothing reaches the test.
    struct Failure: Error {}
    await withExpectedIssue { () async throws in
      await Task.yield()
      throw Failure()
    }
  }

  @Test func anIssueTheTestRecordsItselfIsAbsorbedToo() async {
    // Unabsorbed, each would fail this test.
    let (_, direct) = collectingIssues {
      withExpectedIssue { Issue.record("recorded by the test") }
    }
    #expect(direct.isEmpty, "the expected issue came: nothing is reported")
    await withExpectedIssue { () async in
      await Task.yield()
      Issue.record("recorded by the test, after a suspension")
    }
    // What is not recorded is still missed.
    let (_, missing) = collectingIssues {
      withExpectedIssue {}
    }
    #expect(missing.map(\.message) == ["An issue was expected, but none was reported."])
  }
}
