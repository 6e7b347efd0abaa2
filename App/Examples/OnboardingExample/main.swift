import Composable
import ComposableDebugServer
import Foundation
import OnboardingFeature
import OnboardingInterface
import TerminalApp
import UserListFeature

// Runs the guided tour alone over the real list, on preview dependencies (sample users in memory).
exit(
  await runInTerminal(
    initialState: Onboarding.State(), reducer: Onboarding(),
    withDependencies: {
      $0.context = .preview
    },
    view: Onboarding.view(), prompt: "tour> ",
    debuggerTransport: .socket))
