import AppFeature
import AppInfoFeature
import AppInfoInterface
import Composable
import ErrorHandlingFeature
import ErrorHandlingInterface
import OnboardingFeature
import OnboardingInterface
import SettingsFeature
import SettingsInterface
import TerminalApp
import TerminalUI
import UserDetailFeature
import UserDetailInterface
import UserFormFeature
import UserFormInterface
import UserListFeature
import UserListInterface

/// The whole app as text: the top of the stack (the list, or a user's screen), the destination over it, and
/// the error screen over everything.
///
/// The composition root is the one place that knows every feature's view, so
/// the routing lives here and no Implementation imports another.
public func appView() -> some TerminalView<AppFeature.State, AppFeature.Action> {
  StackView(
    state: \.list, action: \.list, root: UserListView().alert(\.$alert, action: \.alert),
    path: \.path, pathAction: \.path, element: PathView()
  )
  .presenting(\.$destination, action: \.destination, DestinationView())
  .presenting(\.$error, action: \.error, ErrorHandlingView())
}

/// A screen pushed on the stack, by case.
struct PathView: TerminalView {
  let detail = UserDetailView()
    .alert(\.$alert, action: \.alert)
    .presenting(\.$edit, action: \.edit, UserFormView())

  func render(_ state: AppFeature.Path.State, style: TextStyle) -> String {
    switch state {
    case let .detail(detailState): detail.render(detailState, style: style)
    }
  }

  func commands(for state: AppFeature.Path.State) -> [TerminalCommand<AppFeature.Path.Action>] {
    switch state {
    case let .detail(detailState): detail.commands(for: detailState).map { $0.map(AppFeature.Path.Action.detail) }
    }
  }

  func backAction(for state: AppFeature.Path.State) -> AppFeature.Path.Action? {
    switch state {
    case let .detail(detailState): detail.backAction(for: detailState).map(AppFeature.Path.Action.detail)
    }
  }

  func screenID(for state: AppFeature.Path.State) -> String {
    switch state {
    case let .detail(detailState): "detail(\(detail.screenID(for: detailState)))"
    }
  }

  func appearAction(for state: AppFeature.Path.State) -> AppFeature.Path.Action? {
    switch state {
    case let .detail(detailState): detail.appearAction(for: detailState).map(AppFeature.Path.Action.detail)
    }
  }

  func refusal(in state: AppFeature.Path.State) -> String? {
    switch state {
    case let .detail(detailState): detail.refusal(in: detailState)
    }
  }

  func fitActions(for room: TerminalSize, in state: AppFeature.Path.State) -> [AppFeature.Path.Action] {
    switch state {
    case let .detail(detailState): detail.fitActions(for: room, in: detailState).map(AppFeature.Path.Action.detail)
    }
  }
}

/// What the root presents, by case.
struct DestinationView: TerminalView {
  typealias State = AppFeature.Destination.State
  typealias Action = AppFeature.Destination.Action

  let form = UserFormView()
  let settings = SettingsView()
  let appInfo = AppInfoView()
  let onboarding = OnboardingView(list: UserListView())

  func render(_ state: State, style: TextStyle) -> String {
    switch state {
    case let .add(child): form.render(child, style: style)
    case let .settings(child): settings.render(child, style: style)
    case let .appInfo(child): appInfo.render(child, style: style)
    case let .onboarding(child): onboarding.render(child, style: style)
    }
  }

  func commands(for state: State) -> [TerminalCommand<Action>] {
    switch state {
    case let .add(child): form.commands(for: child).map { $0.map(Action.add) }
    case let .settings(child): settings.commands(for: child).map { $0.map(Action.settings) }
    case let .appInfo(child): appInfo.commands(for: child).map { $0.map(Action.appInfo) }
    case let .onboarding(child): onboarding.commands(for: child).map { $0.map(Action.onboarding) }
    }
  }

  func backAction(for state: State) -> Action? {
    switch state {
    case let .add(child): form.backAction(for: child).map(Action.add)
    case let .settings(child): settings.backAction(for: child).map(Action.settings)
    case let .appInfo(child): appInfo.backAction(for: child).map(Action.appInfo)
    case let .onboarding(child): onboarding.backAction(for: child).map(Action.onboarding)
    }
  }

  func screenID(for state: State) -> String {
    switch state {
    case .add: "add"
    case .settings: "settings"
    case .appInfo: "appInfo"
    case .onboarding: "onboarding"
    }
  }

  func appearAction(for state: State) -> Action? {
    switch state {
    case let .add(child): form.appearAction(for: child).map(Action.add)
    case let .settings(child): settings.appearAction(for: child).map(Action.settings)
    case let .appInfo(child): appInfo.appearAction(for: child).map(Action.appInfo)
    case let .onboarding(child): onboarding.appearAction(for: child).map(Action.onboarding)
    }
  }

  func refusal(in state: State) -> String? {
    switch state {
    case let .add(child): form.refusal(in: child)
    case let .settings(child): settings.refusal(in: child)
    case let .appInfo(child): appInfo.refusal(in: child)
    case let .onboarding(child): onboarding.refusal(in: child)
    }
  }

  func fitActions(for room: TerminalSize, in state: State) -> [Action] {
    switch state {
    case let .add(child): form.fitActions(for: room, in: child).map(Action.add)
    case let .settings(child): settings.fitActions(for: room, in: child).map(Action.settings)
    case let .appInfo(child): appInfo.fitActions(for: room, in: child).map(Action.appInfo)
    case let .onboarding(child): onboarding.fitActions(for: room, in: child).map(Action.onboarding)
    }
  }
}
