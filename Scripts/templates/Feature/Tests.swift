import Composable
import ComposableTesting
import FeatureNameFeature
import FeatureNameInterface
import FeatureNameTesting
import TerminalUI
import Testing
// scaffold: presents
import ChildNameFeature
import ChildNameInterface
// scaffold: end

@MainActor struct FeatureNameTests {
  @Test func countsUpAndDownButNotBelowZero() async {
    let store = TestStore(initialState: FeatureName.State()) { FeatureName() }
    await store.send(.incrementTapped) { $0.count = 1 }
    await store.send(.decrementTapped) { $0.count = 0 }
    await store.send(.decrementTapped)
  }

  @Test func doneTellsTheParentTheCount() async {
    let store = TestStore(initialState: .counted(2)) { FeatureName() }
    await store.send(.doneTapped)
    await store.receive(.delegate(.finished(count: 2)))
  }

  // scaffold: presents
  @Test func opensAndClosesTheChild() async {
    let store = TestStore(initialState: FeatureName.State()) { FeatureName() }
    await store.send(.openChildNameTapped) { $0.childName = ChildName.State() }
    await store.send(.childName(.dismiss)) { $0.childName = nil }
  }

  // scaffold: end
  @Test func theViewShowsTheCountAndMapsItsCommands() throws {
    let state = FeatureName.State.counted(3)
    let view = FeatureNameView()
    #expect(view.render(state, style: .plain) == "FeatureName\n  count: 3")
    #expect(try view.action(for: "increment", in: state).get() == .incrementTapped)
    #expect(try view.action(for: "done", in: state).get() == .doneTapped)
  }
}
