import ComposableTesting
import Testing

/// The harness itself: it renders what Observation tells it to, and keeps children by identity, so the screens'
/// tests above could fail.
@MainActor struct ViewHarnessTests {
  @Test func aBodyReadingTheWholeStateRendersAtEveryChange() {
    let store = Store(initialState: Counter.State()) { Counter() }
    let harness = ViewHarness(
      HarnessView("Whole", store: store) { content in content.text("\(store.state.count)") })
    store.send(.toggleDisplayButtonTapped)
    #expect(harness.settle() == ["Whole"])
    #expect(harness.renders(of: "Whole") == 2)
  }

  @Test func aChildWithANewIdentityAtEachRenderIsMountedAgain() {
    let store = Store(initialState: Siblings.State()) { Siblings() }
    let harness = ViewHarness(
      HarnessView("Parent", store: store) { content in
        content.text("\(store.first.count)")
        // A scope through a closure makes a new store at every call: SwiftUI would make a new view.
        content.show(counterView(store.scope(state: { $0.second }, action: { .second($0) }), named: "Second"))
      })
    store.send(.first(.incrementButtonTapped))
    #expect(harness.settle() == ["Parent", "Second"])
    #expect(harness.screen == ["1", "Second: 0"])
  }

  @Test func bodiesThatNeverSettleAreReported() {
    let store = Store(initialState: Siblings.State()) { Siblings() }
    // Each body changes what the other reads while it renders, as a view writing state in its body would.
    let first = store.scope(state: \.first, action: \.first)
    let second = store.scope(state: \.second, action: \.second)
    let harness = ViewHarness(
      HarnessView("Restless", store: store) { content in
        content.show(
          HarnessView("Ping", store: first) { content in
            content.text("\(first.count)")
            second.send(.incrementButtonTapped)
          })
        content.show(
          HarnessView("Pong", store: second) { content in
            content.text("\(second.count)")
            first.send(.incrementButtonTapped)
          })
      })
    withKnownIssue {
      harness.settle()
    } matching: {
      $0.description.contains("did not settle")
    }
    #expect(harness.renders(of: "Ping") > 400)
  }
}
