import AppFeature
import ComposableTesting
import FeatureNameFeature
import FeatureNameInterface
import FeatureNameTesting
import Testing

/// FeatureName, presented by the app: finishing it closes it, through its delegate alone.
@MainActor struct FeatureNamePresentationTests {
  @Test func finishingFeatureNameClosesIt() async {
    var state = AppFeature.State()
    state.destination = .featureName(.counted(2))
    let store = TestStore(initialState: state) { AppFeature() }
    await store.send(.destination(.presented(.featureName(.doneTapped))))
    await store.receive(\.destination.presented.featureName.delegate.finished) { $0.destination = nil }
  }
}
