import Composable
import ComposableTesting
import Foundation
import SettingsFeature
import SettingsInterface
import SettingsTesting
import Sharing
import TerminalUI
import Testing

@MainActor struct SettingsTests {
  @Test func eachChangeGoesIntoTheSharedPreferences() async {
    let store = TestStore(initialState: Settings.State()) { Settings() }
    await store.send(.sortOrderChanged(.city)) { $0.$preferences.withLock { $0.sortOrder = .city } }
    await store.send(.searchFieldChanged(.email)) { $0.$preferences.withLock { $0.searchField = .email } }
    await store.send(.displayChanged(.compact)) { $0.$preferences.withLock { $0.display = .compact } }
    await store.send(.showTourAgainTapped)
    await store.send(.doneTapped)
    await store.receive(.delegate(.closed))
  }

  @Test func anUnassertedChangeFailsTheTest() async {
    let store = TestStore(initialState: Settings.State()) { Settings() }
    await withKnownIssue {
      await store.send(.displayChanged(.compact))
    }
  }

  @Test func theTourCanBeShownAgain() async {
    let store = TestStore(initialState: .afterTheTour()) { Settings() }
    await store.send(.showTourAgainTapped) { $0.$preferences.withLock { $0.onboardingCompleted = false } }
  }

  @Test func changesAreSavedToSettingsJSONInTheDataFolder() throws {
    let files = InMemoryFiles()
    let folder = URL(fileURLWithPath: "/home/ada/users")
    let storage = SharedStorage(fileSystem: .inMemory(files), directory: folder)
    let state = withDependencies({ $0.sharedStorage = storage }) { Settings.State() }
    state.$preferences.withLock { $0.sortOrder = .id }
    storage.flushAll()
    let data = try #require(files[folder.appendingPathComponent("settings.json")])
    #expect(try JSONDecoder().decode(Preferences.self, from: data).sortOrder == .id)
  }

  @Test func aCorruptFileFallsBackToDefaultsWithANoticeAndIsKeptAside() {
    let files = InMemoryFiles(["/data/settings.json": Data("sort=city".utf8)])
    let storage = SharedStorage(fileSystem: .inMemory(files))
    let state = withDependencies({ $0.sharedStorage = storage }) { Settings.State() }
    #expect(state.preferences == Preferences())
    #expect(state.notice?.contains("The unreadable file was kept at /data/settings.json.corrupt") == true)
    #expect(files[URL(fileURLWithPath: "/data/settings.json.corrupt")] == Data("sort=city".utf8))
    #expect(SettingsView().render(state, style: .plain).contains("defaults are used"))
  }

  @Test func anOlderFileMissingAFieldKeepsTheOthers() throws {
    let preferences = try JSONDecoder().decode(Preferences.self, from: Data(#"{"sortOrder":"city"}"#.utf8))
    #expect(preferences == Preferences(sortOrder: .city))
  }

  @Test func theViewShowsEachPreferenceAndParsesItsCommands() throws {
    let view = SettingsView()
    let state = Settings.State()
    #expect(
      view.render(state, style: .plain) == """
        Settings
          sort:         name
          search-field: any
          display:      detailed
          tour:         shown at the next start
        """)
    #expect(try view.action(for: "sort city", in: state).get() == .sortOrderChanged(.city))
    #expect(try view.action(for: "search-field email", in: state).get() == .searchFieldChanged(.email))
    #expect(try view.action(for: "display compact", in: state).get() == .displayChanged(.compact))
    #expect(
      view.action(for: "display huge", in: state)
        == .failure(CommandError("'display' needs one of: compact, detailed.")))
    #expect(try view.action(for: "done", in: state).get() == .doneTapped)
  }

  @Test func tabListsEachPreferencesValuesMarkingTheOneInForce() {
    let view = SettingsView()
    let state = Settings.State()
    #expect(
      view.completionCandidates(before: ["display"], in: state) == [
        CompletionCandidate("compact"), CompletionCandidate("detailed", note: "(current)"),
      ])
    #expect(view.completions(before: ["sort"], in: state).sorted() == ["city", "id", "name"])
  }
}
