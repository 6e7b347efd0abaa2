import Composable
import FeatureNameFeature
import FeatureNameInterface
import Foundation
import TerminalApp

// Runs FeatureName alone, on preview dependencies.
let store = Store(initialState: FeatureName.State()) {
  FeatureName()
} withDependencies: {
  $0.context = .preview
}
exit(await runInTerminal(store: store, view: FeatureName.view(), prompt: "featurename> "))
