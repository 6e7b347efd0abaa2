import Composable
import OnboardingInterface
import TerminalApp
import TerminalUI
import UserListInterface

/// The tour as text: a banner saying what to try, over the list drawn by `ListView`.
///
/// The list's view belongs to another feature's Implementation, so the composition
/// root passes it in: `OnboardingView(list: UserListView())`.
public struct OnboardingView<ListView: TerminalView>: FieldObservingView
where ListView.State == UserList.State, ListView.Action == UserList.Action {
  let list: ListView

  /// A tour drawing the list with `list`.
  public init(list: ListView) {
    self.list = list
  }

  /// The banner, then the list.
  public func render(_ state: RenderedState<Onboarding.State>, style: TextStyle) -> String {
    let banner: String
    switch state.step {
    case .search: banner = "Step 1 of 3: search for a user, for example 'search ada'."
    case .open: banner = "Step 2 of 3: open one of the results, for example 'open 1'."
    case .favorite:
      let name = state.openedName.map { "That opens \($0)'s details in the app. " } ?? ""
      banner = "Step 3 of 3: \(name)Now mark a user as a favorite, for example 'fav 1'."
    case .finished: banner = "All done! Type 'done' to start using the directory."
    }
    let header = style.bold("Welcome to the users directory") + style.dim("  ('skip' leaves the tour)")
    return [header, style.yellow(banner), "", list.render(state.list, style: style)].joined(separator: "\n")
  }

  /// The list's commands that the tour uses, then skip (and done at the end).
  public func commands(for state: Onboarding.State) -> [TerminalCommand<Onboarding.Action>] {
    let tourCommands: Set = ["search", "open", "fav", "sort", "next", "prev", "page", "reload", "retry"]
    let listCommands = list.commands(for: state.list).filter { tourCommands.contains($0.name) }
      .map { $0.map(Onboarding.Action.list) }
    let finish: [TerminalCommand<Onboarding.Action>] =
      state.step == .finished ? [.simple("done", help: "Finish the tour.", action: .doneTapped)] : []
    return listCommands + finish + [.simple("skip", help: "Leave the tour.", action: .skipTapped)]
  }

  /// The list under the banner fits what the banner leaves (three lines).
  public func fitActions(for room: TerminalSize, in state: Onboarding.State) -> [Onboarding.Action] {
    let under = TerminalSize(rows: max(room.rows - 3, 1), columns: room.columns)
    return list.fitActions(for: under, in: state.list).map(Onboarding.Action.list)
  }

  /// Loads the list when the tour appears, as the list itself would.
  public func appearAction(for state: Onboarding.State) -> Onboarding.Action? {
    list.appearAction(for: state.list).map(Onboarding.Action.list)
  }

  /// The list's, as the list itself would answer: a load Ctrl-C cancelled under the banner says so, and that
  /// 'retry' loads again, instead of "Loading…" forever.
  public func interruptedActions(in state: Onboarding.State) -> [Onboarding.Action] {
    list.interruptedActions(in: state.list).map(Onboarding.Action.list)
  }

  /// `back` skips the tour.
  public func backAction(for state: Onboarding.State) -> Onboarding.Action? { .skipTapped }
}

extension Onboarding: LinkedFeatureView {
  /// The tour, over the linked list view, as `FeatureView(Onboarding.self)` shows it.
  public static func view() -> OnboardingView<FeatureView<UserList>> {
    OnboardingView(list: FeatureView(UserList.self))
  }
}
