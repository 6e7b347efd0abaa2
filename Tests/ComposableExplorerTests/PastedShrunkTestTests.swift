import Composable
import ComposableTesting
import Testing

/// The exhaustive tests the explorer printed for the planted bugs, pasted as printed (only the setup lines
/// made to match the exploration, as the printed comment asks): each fails for the reason the exploration found,
/// and for no other.
@MainActor struct PastedShrunkTestTests {
  private let exploration = ExplorerTests.exploration()

  /// Runs `test` expecting exactly one failure, whose text contains `reason`.
  private func expectOnlyFailure(containing reason: String, _ test: () async -> Void) async {
    let failures = LockIsolated<[String]>([])
    await withKnownIssue {
      await test()
    } matching: { issue in
      failures.withValue { $0.append(issue.comments.map(\.rawValue).joined()) }
      return true
    }
    #expect(failures.value.count == 1)
    #expect(failures.value.first?.contains(reason) == true, "\(failures.value)")
  }

  @Test func theSaveAnsweredAfterCloseFailsOnItsProperty() async {
    await expectOnlyFailure(containing: "a save counts only while editing") {
      let clock = TestClock()
      let store = TestStore(initialState: Planted.State()) {
        Planted(bug: .saveAfterClose)
      } withDependencies: {
        $0.continuousClock = clock
      }
      await store.send(.edit) {
        $0.isEditing = true
      }
      await store.send(.save)
      await store.send(.close) {
        $0.isEditing = false
      }
      await clock.advance(by: .seconds(1))
      let previous = store.state
      await store.receive(.saved) {
        $0.saved = 1
      }
      // 'a save counts only while editing' breaks here:
      exploration.expectProperties(of: store.state, previous: previous, action: .saved)
      await store.send(.close)
      await store.send(.stopTimer)
      await clock.run()
    }
  }

  @Test func theMissingCancellationFailsOnItsProperty() async {
    await expectOnlyFailure(containing: "an applied query is the one typed last") {
      let clock = TestClock()
      let store = TestStore(initialState: Planted.State()) {
        Planted(bug: .missingCancellation)
      } withDependencies: {
        $0.continuousClock = clock
      }
      await store.send(.type("eh")) {
        $0.query = "eh"
      }
      await store.send(.type("")) {
        $0.query = ""
      }
      await clock.advance(by: .milliseconds(300))
      let previous = store.state
      await store.receive(.apply("eh")) {
        $0.applied = "eh"
      }
      // 'an applied query is the one typed last' breaks here:
      exploration.expectProperties(of: store.state, previous: previous, action: .apply("eh"))
      await store.receive(.apply("")) {
        $0.applied = ""
      }
      await store.send(.close)
      await store.send(.stopTimer)
      await clock.run()
    }
  }

  @Test func theLeakingTimerFailsAsStillRunning() async {
    await expectOnlyFailure(containing: "still running") {
      let clock = TestClock()
      let store = TestStore(initialState: Planted.State()) {
        Planted(bug: .leakingTimer)
      } withDependencies: {
        $0.continuousClock = clock
      }
      await store.send(.startTimer) {
        $0.ticking = true
      }
      await store.send(.close)
      await store.send(.stopTimer) {
        $0.ticking = false
      }
      // Here the exploration ran the clock out; the store, ending, reports the effects still running.
    }
  }
}
