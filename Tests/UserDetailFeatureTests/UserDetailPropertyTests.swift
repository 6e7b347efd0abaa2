import Composable
import ComposableTesting
import Testing
import UserClientInterface
import UserClientTesting
import UserDetailFeature
import UserDetailInterface
import UserFormFeature
import UserFormInterface

/// The detail screen explored with random orders of what its user can do, the edit form's fields and buttons
/// included, while the load, the delete and the form's save answer in between.
@MainActor struct UserDetailPropertyTests {
  private static let people: [User] = [.ada, .grace]

  private var exploration: Exploration<UserDetail.State, UserDetail.Action> {
    var exploration = Exploration<UserDetail.State, UserDetail.Action>()
    exploration.sequences = 500
    exploration.steps = 14
    exploration.seed = 0xDE7A11
    exploration.opensIn = "UserDetailExample"
    exploration.invariants = [
      Invariant("the user shown is the screen's") { state, _, _ in
        guard let user = state.user, user.id != state.id else { return nil }
        return "the screen of #\(state.id.rawValue) shows #\(user.id.rawValue)"
      },
      Invariant("an edit form edits the user shown") { state, _, _ in
        guard let form = state.$destination[case: \.edit], case let .edit(original) = form.mode, original.id != state.id
        else {
          return nil
        }
        return "the form edits #\(original.id.rawValue) on the screen of #\(state.id.rawValue)"
      },
      .always("no delete is asked while one runs") { !($0.isDeleting && $0.$destination[case: \.alert] != nil) },
    ]
    return exploration
  }

  @Test func anyOrderOfWhatAUserDoesKeepsTheScreenConsistent() async {
    let result = await explore(
      exploration, initialState: { UserDetail.State(id: 1) }, reducer: { UserDetail() },
      withDependencies: { dependencies, _ in
        dependencies.sharedStorage = SharedStorage(fileSystem: .inMemory())
        dependencies[UserClient.self] = .inMemory(Self.people)
      })
    #expect(result.failure == nil)
  }
}
