import Foundation
import Testing
import UserClientInterface
import UserClientTesting
import UsersShell

/// Favorites are the user's data: kept in favorites.json across runs, shared by the list and the detail.
@MainActor struct FavoritesPersistenceTests {
  @Test func aFavoriteMarkedOnTheListIsThereAfterQuitting() async throws {
    let folder = TemporaryFolder()
    try folder.seed([User.ada, User.grace])
    let first = await runShell(["--data-dir", folder.url.path], input: ["fav 2", "quit"])
    #expect(first.exitCode == 0)
    #expect(first.output.contains("> fav 2\nUsers (2 of 2, sorted by name)\n1.   Ada Lovelace"))
    #expect(first.output.contains("2. ★ Grace Hopper"))

    let second = await runShell(["--data-dir", folder.url.path, "--fresh"], input: ["quit"])
    #expect(second.exitCode == 0)
    #expect(second.errors == "")
    #expect(
      second.output.hasPrefix(
        "Users (2 of 2, sorted by name)\n1.   Ada Lovelace <ada@example.com> · London\n2. ★ Grace Hopper"))
    let stored = try JSONDecoder().decode(
      Set<User.ID>.self, from: Data(contentsOf: folder.url.appendingPathComponent("favorites.json")))
    #expect(stored == [2])
  }

  @Test func aFavoriteToggledOnTheDetailShowsOnTheListNowAndInTheNextRun() async throws {
    let folder = TemporaryFolder()
    try folder.seed([User.ada, User.grace])
    let first = await runShell(
      ["--data-dir", folder.url.path], input: ["open 1", "fav", "back", "open 2", "fav", "fav", "quit"])
    #expect(first.exitCode == 0)
    #expect(first.output.contains("> back\nUsers (2 of 2, sorted by name)\n1. ★ Ada Lovelace"))

    let second = await runShell(["--data-dir", folder.url.path, "--fresh"], input: ["open 1", "quit"])
    #expect(second.output.contains("1. ★ Ada Lovelace <ada@example.com> · London\n2.   Grace Hopper"))
    #expect(second.output.contains("> open 1\nAda Lovelace ★\n"))
  }

  @Test func aDamagedFavoritesFileIsKeptAsideReportedAndReplaced() async throws {
    let folder = TemporaryFolder()
    try folder.seed([User.ada, User.grace])
    try Data("[2, ".utf8).write(to: folder.url.appendingPathComponent("favorites.json"))
    let run = await runShell(["--data-dir", folder.url.path, "--fresh"], input: ["fav 1", "quit"])
    #expect(run.exitCode == 0)
    #expect(run.errors.hasPrefix("users: favorites.json: The saved data could not be read"))
    #expect(run.errors.contains(folder.path("favorites.json.corrupt")))
    #expect(folder.text("favorites.json.corrupt") == "[2, ")
    #expect(run.output.contains("1. ★ Ada Lovelace"))
    #expect(!run.output.contains("★ Grace Hopper"))
  }
}
