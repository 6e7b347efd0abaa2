import AppFeature
import Composable
import Foundation
import Testing
import UserClientInterface
import UserClientTesting
import UserDetailInterface
import UserDetailTesting
import UserFormInterface

/// The app's state and actions survive JSON: what recording, replay and (later) restoration stand on.
struct AppFeatureCodingTests {
  @Test func aDeepStateRoundTrips() throws {
    var state = AppFeature.State()
    state.list.shown = UserPage(users: [User.ada], offset: 0, matching: 1, total: 1)
    state.list.shownQuery = UserQuery()
    state.list.status = .loaded
    state.list.query = "ad"
    var asking = UserDetail.State(user: User.ada)
    asking.destination = .alert(
      AlertState(title: "Delete Ada Lovelace?", buttons: [.destructive("Delete", action: .confirmDelete)]))
    state.path.append(.detail(asking))
    state.path.append(.detail(UserDetail.State.editing(User.ada)))
    state.path.append(.detail(UserDetail.State(id: 2)))
    state.destination = .add(UserForm.State())
    let decoded = try JSONDecoder().decode(AppFeature.State.self, from: JSONEncoder().encode(state))
    // Everything but the list's page, read again from the directory when the list appears.
    var expected = state
    expected.list.shown = .empty
    expected.list.shownQuery = nil
    #expect(decoded == expected)
    #expect(decoded.path.ids == state.path.ids)
  }

  @Test func aSavedStateKeepsWhereTheUserWasNotTheDirectory() throws {
    var state = AppFeature.State()
    state.list.shown = UserPage(
      users: (1...20).map { User(id: User.ID($0), name: "User \($0)", email: "u\($0)@example.com") }, offset: 0,
      matching: 100_000, total: 100_000)
    state.list.status = .loaded
    state.list.query = "user 7"
    let detail = UserDetail.State.editing(User.ada)
    state.path.append(.detail(detail))
    let data = try JSONEncoder().encode(state.preparedForRestoration())
    #expect(data.count < 10_000)
    let decoded = try JSONDecoder().decode(AppFeature.State.self, from: data)
    #expect(decoded.list.shown == .empty)
    #expect(decoded.list.query == "user 7")
    #expect(decoded.list.status == .idle)
    #expect(decoded.path.count == 1)
  }

  @Test func everyKindOfActionRoundTrips() throws {
    let actions: [AppFeature.Action] = [
      .list(.pageLoaded(UserQuery(search: "a"), UserPage(users: [User.ada], offset: 0, matching: 1, total: 9))),
      .list(.delegate(.selected(1))),
      .path(.element(id: 0, action: .detail(.destination(.presented(.alert(.confirmDelete)))))),
      .path(.element(id: 0, action: .detail(.destination(.presented(.edit(.set(\.email, "ada@example.org"))))))),
      .path(.popFrom(id: 0)),
      .path(.push(id: 3, state: .detail(UserDetail.State(id: 4)))),
      .destination(.presented(.add(.delegate(.saved(User.ada))))),
      .destination(.dismiss),
    ]
    for action in actions {
      let decoded = try JSONDecoder().decode(AppFeature.Action.self, from: JSONEncoder().encode(action))
      #expect(decoded == action)
    }
  }
}
