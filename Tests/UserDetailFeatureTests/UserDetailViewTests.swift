import Composable
import TerminalApp
import TerminalUI
import Testing
import UserClientInterface
import UserClientTesting
import UserDetailFeature
import UserDetailInterface
import UserDetailTesting
import UserFormFeature
import UserFormInterface

@MainActor struct UserDetailViewTests {
  let view = FeatureView(UserDetail.self)

  @Test func showsTheUserAndItsCommands() throws {
    let state = UserDetail.State(user: User.ada)
    #expect(
      view.render(state, style: .plain) == """
        Ada Lovelace
          email: ada@example.com
          city:  London
          id:    1
        """)
    #expect(try view.action(for: "delete", in: state).get() == .deleteTapped)
    #expect(try view.action(for: "edit", in: state).get() == .editTapped)
    #expect(view.backAction(for: state) == nil)
    #expect(view.appearAction(for: state) == nil)
    #expect(view.appearAction(for: UserDetail.State(id: 1)) == .task)
  }

  @Test func theAlertShowsUnderTheUserAndOnlyItsButtonsAreCommands() throws {
    var state = UserDetail.State(user: User.ada)
    state.destination = .alert(
      AlertState(
        title: "Delete Ada Lovelace?", message: "For good.",
        buttons: [.destructive("Delete", action: .confirmDelete), .cancel("Cancel")]))
    #expect(
      view.render(state, style: .plain).hasSuffix(
        """
          id:    1

        ! Delete Ada Lovelace?
          For good.
          Type delete or cancel.
        """))
    #expect(try view.action(for: "delete", in: state).get() == .destination(.presented(.alert(.confirmDelete))))
    #expect(try view.action(for: "cancel", in: state).get() == .destination(.dismiss))
    #expect(throws: CommandError.self) { try view.action(for: "edit", in: state).get() }
    #expect(view.backAction(for: state) == .destination(.dismiss))
  }

  @Test func theEditFormReplacesTheScreenAndBackDismissesIt() throws {
    let state = UserDetail.State.editing(User.ada)
    #expect(view.render(state, style: .plain).hasPrefix("Edit user\n  name : Ada Lovelace"))
    #expect(
      try view.action(for: "name Ada King", in: state).get()
        == .destination(.presented(.edit(.set(\.name, "Ada King")))))
    #expect(view.backAction(for: state) == .destination(.dismiss))
    #expect(view.screenID(for: state) != view.screenID(for: UserDetail.State(user: User.ada)))
  }
}
