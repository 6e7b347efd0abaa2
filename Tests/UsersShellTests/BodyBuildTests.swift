import ComposableTesting
import Foundation
import Testing
import UserClientInterface
import UserClientTesting
import UsersShell

/// The app's composition runs the path the benchmarks measure: every body (AppFeature's behind the recording gate
/// and analytics, each feature's linked logic, each child) is built once per store and kept, none per action.
@MainActor struct BodyBuildTests {
  /// A whole session in process with its body builds counted.
  private func countedSession(_ arguments: [String], _ commands: [String]) async -> (ShellRun, BodyBuildCount) {
    let count = BodyBuildCount()
    let run = await withDependencies {
      $0.bodyBuildCount = count
    } operation: {
      await runShell(arguments, input: commands)
    }
    return (run, count)
  }

  @Test(arguments: [[], ["--print-changes"], ["--record", "recording"]])
  func everyBodyIsBuiltOncePerStoreWhateverTheSessionDoes(options: [String]) async throws {
    let folder = TemporaryFolder()
    try folder.seed([User.ada, User.grace, User.alan])
    let arguments =
      ["--data-dir", folder.url.path, "--fresh"] + options.map { $0 == "recording" ? folder.path($0) : $0 }
    let tour = [
      "open 1", "fav", "edit", "city Paris", "save", "back", "sort city", "search a", "search", "settings", "back",
    ]
    let (once, onceCount) = await countedSession(arguments, tour + ["quit"])
    let (twice, twiceCount) = await countedSession(arguments, tour + tour + ["quit"])
    #expect(once.errors == "")
    #expect(twice.errors == "")
    #expect(onceCount.perAction.load() == 0, "bodies built for one action")
    #expect(twiceCount.perAction.load() == 0, "bodies built for one action")
    #expect(onceCount.kept.load() >= 5, "AppFeature's, and the features' the tour reached")
    #expect(twiceCount.kept.load() == onceCount.kept.load(), "the second tour built nothing")
  }
}
