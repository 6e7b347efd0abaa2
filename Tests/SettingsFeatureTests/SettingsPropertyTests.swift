import Composable
import ComposableTesting
import SettingsFeature
import SettingsInterface
import Testing

/// Settings explored with random choices: each shows at once in the shared preferences, and nothing else moves.
@MainActor struct SettingsPropertyTests {
  private var exploration: Exploration<Settings.State, Settings.Action> {
    var exploration = Exploration<Settings.State, Settings.Action>()
    exploration.sequences = 500
    exploration.steps = 12
    exploration.seed = 0x5E77
    exploration.opensIn = "SettingsExample"
    exploration.invariants = [
      Invariant("the preference chosen last is the one kept") { state, _, action in
        switch action {
        case let .sortOrderChanged(order)? where state.preferences.sortOrder != order: "sort is not \(order)"
        case let .searchFieldChanged(field)? where state.preferences.searchField != field: "search is not \(field)"
        case let .displayChanged(display)? where state.preferences.display != display: "display is not \(display)"
        default: nil
        }
      }
    ]
    return exploration
  }

  @Test func anyOrderOfChoicesKeepsThePreferencesTheUserChose() async {
    let result = await explore(
      exploration, initialState: { Settings.State() }, reducer: { Settings() },
      withDependencies: { dependencies, _ in dependencies.sharedStorage = SharedStorage(fileSystem: .inMemory()) })
    #expect(result.failure == nil)
  }
}
