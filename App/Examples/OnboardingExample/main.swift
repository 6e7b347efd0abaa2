import Composable
import Foundation
import OnboardingFeature
import OnboardingInterface
import TerminalApp
import UserListFeature

// Runs the guided tour alone over the real list, on preview dependencies (sample users in memory).
let store = Store(initialState: Onboarding.State()) {
  Onboarding()
} withDependencies: {
  $0.context = .preview
}
exit(await runInTerminal(store: store, view: Onboarding.view(), prompt: "tour> "))
