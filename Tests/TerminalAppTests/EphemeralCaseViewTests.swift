import Composable
import TerminalApp
import TerminalUI
import Testing

/// A screen whose destination is an enum feature of SyncUps' shape: an alert, a dialog, a feature and plain state.
struct Desk: Reducer {
  enum Destination: Reducer {
    case alert(AlertState<Confirm>)
    case dialog(ConfirmationDialogState<Share>)
    case meter(Meter)
    case note(text: String)

    enum Confirm: Equatable { case delete }
    enum Share: Equatable { case byMail }
  }

  struct State: Equatable {
    @Presents var destination: Destination.State?
    var log: [String] = []
  }

  enum Action: Equatable, CasePathable {
    case destination(PresentationAction<Destination.Action>)
    case show(Destination.State)
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .destination(.presented(.alert(.delete))): state.log.append("deleted")
      case .destination(.presented(.dialog(.byMail))): state.log.append("mailed")
      case .destination: break
      case let .show(destination): state.destination = destination
      }
      return .none
    }
    .ifLet(\.$destination, action: \.destination)
  }
}

struct DeskView: TerminalView {
  @MainActor func screen(of store: Store<Desk.State, Desk.Action>, in context: ScreenContext) -> TerminalScreen<
    Desk.State, Desk.Action
  > {
    let state = store.state
    return TerminalScreen(text: "desk: " + state.log.joined(separator: ","))
  }
}

private let deleteAlert = AlertState<Desk.Destination.Confirm>(
  title: "Delete?", buttons: [.destructive("Delete", action: .delete), .cancel("Cancel")])
private let shareDialog = ConfirmationDialogState<Desk.Destination.Share>(
  title: "Share", buttons: [.default("By mail", action: .byMail), .cancel("Cancel")])

@MainActor struct EphemeralCaseViewTests {
  private let view = DeskView().presenting(\.$destination, action: \.destination, FeatureView(Desk.Destination.self))

  @Test func anAlertCaseShowsUnderThePresentingScreenAndItsButtonsAreCommands() throws {
    let state = Desk.State(destination: .alert(deleteAlert), log: ["x"])
    #expect(view.render(state, style: .plain) == "desk: x\n\n! Delete?\n  Type delete or cancel.")
    #expect(try view.action(for: "delete", in: state).get() == .destination(.presented(.alert(.delete))))
    // Cancel has no action of its own: it goes back, which dismisses the case.
    #expect(try view.action(for: "cancel", in: state).get() == .destination(.dismiss))
    #expect(view.commands(for: state).map(\.name) == ["delete", "cancel"])
    #expect(view.action(for: "cancel now", in: state) == .failure(CommandError("'cancel' takes no arguments.")))
  }

  @Test func aDialogCaseShowsItsTitleAndChoices() throws {
    let state = Desk.State(destination: .dialog(shareDialog))
    #expect(view.render(state, style: .plain) == "desk: \n\n? Share\n  Type by-mail or cancel.")
    #expect(try view.action(for: "by-mail", in: state).get() == .destination(.presented(.dialog(.byMail))))
    #expect(try view.action(for: "cancel", in: state).get() == .destination(.dismiss))
  }

  @Test func aPlainStateCaseShowsItsValueAloneAndBackLeavesIt() {
    let state = Desk.State(destination: .note(text: "hello\u{1B}[2J"))
    #expect(view.render(state, style: .plain) == "note\n\"hello\\e[2J\"")
    #expect(view.commands(for: state).isEmpty)
    #expect(view.backAction(for: state) == .destination(.dismiss))
  }

  @Test func aFeatureCaseStillTakesTheWholeScreen() throws {
    let state = Desk.State(destination: .meter(Meter.State(count: 4)))
    #expect(view.render(state, style: .plain) == "meter: 4 (seen 0)")
    #expect(try view.action(for: "add", in: state).get() == .destination(.presented(.meter(.add))))
  }

  @Test func aSessionPressesTheAlertsButtonsAndTheDialogGoesAwayOnCancel() async {
    var output = ""
    var input = ["delete", "show-dialog", "cancel"].makeIterator()
    let store = Store(initialState: Desk.State(destination: .alert(deleteAlert))) { Desk() }
    let session = TerminalSession(
      store: store, view: view.withShowDialogCommand(), prompt: nil, stopOnError: true, write: { output += $0 })
    let outcome = await session.run { input.next() }
    #expect(outcome == .finished)
    #expect(store.currentState.log == ["deleted"])
    #expect(store.currentState.destination == nil)
    #expect(output.hasSuffix("? Share\n  Type by-mail or cancel.\ndesk: deleted\n"))
  }
}

extension PresentingView<DeskView, FeatureView<Desk.Destination>> {
  /// The desk with a command that shows the dialog, so a session can open it.
  fileprivate func withShowDialogCommand() -> some TerminalView<Desk.State, Desk.Action> {
    CommandAdding(base: self, command: .simple("show-dialog", help: "Share.", action: .show(.dialog(shareDialog))))
  }
}

/// `base` with one more command while nothing is presented.
private struct CommandAdding<Base: TerminalView>: TerminalView {
  let base: Base
  let command: TerminalCommand<Base.Action>
  @MainActor func screen(of store: Store<Base.State, Base.Action>, in context: ScreenContext) -> TerminalScreen<
    Base.State, Base.Action
  > {
    let state = store.state
    var screen = base.screen(for: state, in: context)
    screen.commands.append(command)
    return screen
  }
}
