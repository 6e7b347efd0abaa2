import AppFeature
import Composable
import TerminalApp
import TerminalUI
import UserDetailFeature
import UserDetailInterface
import UserFormFeature
import UserFormInterface
import UserListFeature
import UserListInterface

/// The whole app as text: the top of the stack (the list, or a user's screen), or the add form over it.
///
/// The composition root is the one place that knows every feature's view, so
/// the routing lives here and no Implementation imports another.
func appView() -> some TerminalView<AppFeature.State, AppFeature.Action> {
  StackView(
    state: \.list, action: \.list, root: UserListView(),
    path: \.path, pathAction: \.path, element: PathView()
  )
  .presenting(\.$destination, action: \.destination, DestinationView())
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
}

/// What the root presents, by case.
struct DestinationView: TerminalView {
  let form = UserFormView()

  func render(_ state: AppFeature.Destination.State, style: TextStyle) -> String {
    switch state {
    case let .add(formState): form.render(formState, style: style)
    }
  }

  func commands(for state: AppFeature.Destination.State) -> [TerminalCommand<AppFeature.Destination.Action>] {
    switch state {
    case let .add(formState): form.commands(for: formState).map { $0.map(AppFeature.Destination.Action.add) }
    }
  }

  func screenID(for state: AppFeature.Destination.State) -> String {
    switch state {
    case .add: "add"
    }
  }
}
