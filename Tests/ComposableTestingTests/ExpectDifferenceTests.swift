import ComposableTesting
import Testing

/// `expectDifference`: silent when an operation changes a value as said, a diff of expected and actual otherwise.
@MainActor struct ExpectDifferenceTests {
  private struct Counter: Equatable {
    var count = 0
    var label = ""
  }

  @MainActor private final class Model {
    var counter = Counter()
    func incrementButtonTapped() { counter.count += 1 }
    func incrementTwice() async {
      await Task.yield()
      counter.count += 2
    }
  }

  @Test func aChangeMadeAsSaidPassesSilently() async {
    let model = Model()
    expectDifference(model.counter) {
      model.incrementButtonTapped()
    } changes: {
      $0.count = 1
    }
    await expectDifference(model.counter) {
      await model.incrementTwice()
    } changes: {
      $0.count = 3
    }
    #expect(model.counter.count == 3)
  }

  @Test func aChangeOtherThanSaidFailsWithExpectedAndActual() {
    let model = Model()
    withKnownIssue {
      expectDifference(model.counter, "one tap") {
        model.incrementButtonTapped()
      } changes: {
        $0.count = 2
      }
    } matching: { issue in
      let text = issue.description
      return text.contains("one tap") && text.contains("otherwise than expected") && text.contains("count: 2")
        && text.contains("count: 1")
    }
  }

  @Test func aChangeNobodySaidFails() {
    let model = Model()
    withKnownIssue {
      expectDifference(model.counter) {
        model.incrementButtonTapped()
      } changes: { _ in
      }
    } matching: {
      $0.description.contains("count: 1")
    }
  }

  @Test func aReportWithoutAMessageSaysAnIssueWasReported() {
    withKnownIssue {
      reportIssue()
    } matching: {
      $0.description.contains("Issue reported")
    }
  }
}
