import Composable
import OnboardingInterface
import TerminalApp
import TerminalUI
import UserListInterface

/// The tour as text: a banner saying what to try, over the list drawn by `ListView`.
///
/// The list's view belongs to another feature's Implementation, so the composition
/// root passes it in: `OnboardingView(list: UserListView())`.
public struct OnboardingView<ListView: TerminalView>: TerminalView
where ListView.State == UserList.State, ListView.Action == UserList.Action {
  let list: ListView

  /// A tour drawing the list with `list`.
  public init(list: ListView) {
    self.list = list
  }

  /// The state it shows.
  public typealias State = Onboarding.State
  /// The actions its commands send.
  public typealias Action = Onboarding.Action

  /// The banner over the list, the list's commands the tour uses, and the list's life as the list itself would
  /// have it (it loads when the tour appears, fits what the banner leaves, and a load Ctrl-C cancelled says so);
  /// `back` skips the tour. The list is read through its own store, as the list's screen reads it in the app.
  @MainActor public func screen(of store: Store<State, Action>, in context: ScreenContext) -> TerminalScreen<
    State, Action
  > {
    let state = RenderedState(through: store)
    let under = context.room.map { TerminalSize(rows: max($0.rows - Self.bannerRows, 1), columns: $0.columns) }
    let list = self.list.screen(
      of: store.scope(state: \.list, action: \.list), in: ScreenContext(style: context.style, room: under))
    var screen = TerminalScreen<State, Action>(
      text: text(state, list: list.text, style: context.style), commands: commands(state, list: list.commands),
      backAction: .skipTapped, refusal: state.answer)
    screen.appearAction = list.appearAction.map(Action.list)
    screen.fitActions = list.fitActions.map(Action.list)
    screen.interruptedActions = list.interruptedActions.map(Action.list)
    return screen
  }

  /// The lines the banner takes above the list.
  static var bannerRows: Int { 3 }

  private func text(_ state: RenderedState<State>, list: String, style: TextStyle) -> String {
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
    return [header, style.yellow(banner), "", list].joined(separator: "\n")
  }

  /// The list's commands that the tour uses, then skip (and done at the end).
  private func commands(
    _ state: RenderedState<State>, list: [TerminalCommand<UserList.Action>]
  ) -> [TerminalCommand<Action>] {
    let tourCommands: Set = ["search", "open", "fav", "sort", "next", "prev", "page", "reload", "retry"]
    let listCommands = list.filter { tourCommands.contains($0.name) }.map { $0.map(Action.list) }
    let finish: [TerminalCommand<Action>] =
      state.step == .finished ? [.simple("done", help: "Finish the tour.", action: .doneTapped)] : []
    return listCommands + finish + [.simple("skip", help: "Leave the tour.", action: .skipTapped)]
  }
}

extension Onboarding: LinkedFeatureView {
  /// The tour, over the linked list view, as `FeatureView(Onboarding.self)` shows it.
  public static func view() -> OnboardingView<FeatureView<UserList>> {
    OnboardingView(list: FeatureView(UserList.self))
  }
}
