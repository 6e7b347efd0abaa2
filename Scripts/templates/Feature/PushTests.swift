import AppFeature
import ComposableTesting
import FeatureNameFeature
import FeatureNameInterface
import FeatureNameTesting
import Testing

/// FeatureName, pushed on the app's stack: finishing it pops it, through its delegate alone.
@MainActor struct FeatureNamePushTests {
  @Test func finishingFeatureNamePopsIt() async {
    var state = AppFeature.State()
    state.path.append(.featureName(.counted(2)))
    let store = TestStore(initialState: state) { AppFeature() }
    await store.send(.path(.element(id: 0, action: .featureName(.doneTapped))))
    await store.receive(\.path[id: 0].featureName.delegate.finished) { $0.path.removeAll() }
  }
}
