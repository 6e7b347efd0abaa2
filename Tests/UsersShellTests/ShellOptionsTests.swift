import Foundation
import Testing
import UsersShell

@MainActor struct ShellOptionsTests {
  @Test func readsEveryOptionInBothSpellings() throws {
    let options = try ShellOptions.parse([
      "--data-dir", "/tmp/d", "--script=s.txt", "--print-changes", "--record", "r.log", "--replay=p.log",
      "--latency", "250", "--keep-going",
    ]).get()
    var expected = ShellOptions()
    expected.dataDirectory = "/tmp/d"
    expected.scriptPath = "s.txt"
    expected.printChanges = true
    expected.recordPath = "r.log"
    expected.replayPath = "p.log"
    expected.latencyMilliseconds = 250
    expected.keepsGoing = true
    #expect(options == expected)
    #expect(try ShellOptions.parse(["--version"]).get().mode == .version)
    #expect(try ShellOptions.parse(["--version", "-h"]).get().mode == .help)
  }

  @Test func refusesWhatItCannotRunWithAOneLineReason() {
    let cases: [([String], String)] = [
      (["--data-dir"], "--data-dir needs a folder."),
      (["--script", "--print-changes"], "--script needs a file of commands."),
      (["--script="], "--script needs a file of commands."),
      (["--data-dir", ""], "--data-dir needs a folder, not an empty text."),
      (["--data-dir", "  "], "--data-dir needs a folder, not an empty text."),
      (["--record", ""], "--record needs a file to write, not an empty text."),
      (["--latency", "soon"], "--latency needs milliseconds from 0 to 60000, not 'soon'."),
      (["--latency", "-5"], "--latency needs milliseconds from 0 to 60000, not '-5'."),
      (["--colour"], "Unknown option '--colour'; 'users --help' lists the options."),
      (["extra"], "Unknown argument 'extra'; 'users --help' lists the options."),
      (["--print-changes", "--print-changes"], "--print-changes is given twice."),
      (["--help=yes"], "--help takes no value."),
      (
        ["--record", "a.log", "--replay", "./a.log"], "--record and --replay name the same file; record to another one."
      ),
    ]
    for (arguments, message) in cases {
      #expect(ShellOptions.parse(arguments) == .failure(ShellUsageError(message)), "\(arguments)")
    }
  }

  @Test func usageErrorsExitWithTwoAndWriteOnlyToStandardError() async {
    let run = await runShell(["--colour"])
    #expect(run.exitCode == 2)
    #expect(run.output == "")
    #expect(run.errors == "users: Unknown option '--colour'; 'users --help' lists the options.\n")
  }

  @Test func helpAndVersionPrintAndLeave() async {
    let help = await runShell(["--help"])
    #expect(help.exitCode == 0)
    #expect(help.output.hasPrefix("users: a people directory in the terminal.\n\nUsage: users [options]"))
    #expect(help.output.contains("--data-dir <folder>"))
    let version = await runShell(["--version"])
    // In this process the allocator's cap is set or not depending on which tests ran first; the binary's own
    // `--version` says it (ExecutableTests).
    #expect(
      version.output
        == "users \(UsersShell.version) (\(testedConfiguration) build\(AllocatorTuning.versionNote))\n")
  }

  @Test func aMissingScriptIsAClearError() async {
    let folder = TemporaryFolder()
    let run = await runShell(["--data-dir", folder.url.path, "--script", folder.path("nope.txt")])
    #expect(run.exitCode == 1)
    #expect(run.errors == "users: cannot read the script \(folder.path("nope.txt")): it does not exist.\n")
    #expect(run.output == "")
  }

  @Test func anEmptyDataFolderOptionIsRefusedAndNothingIsWrittenAnywhere() async {
    let home = TemporaryFolder()
    let run = await runShell(["--data-dir", ""], environment: ["HOME": home.url.path, "XDG_DATA_HOME": ""])
    #expect(run.exitCode == 2)
    #expect(run.errors == "users: --data-dir needs a folder, not an empty text.\n")
    #expect((try? FileManager.default.contentsOfDirectory(atPath: home.url.path)) == [])
  }

  @Test func aDataFolderThatCannotBeAFolderIsRefusedInWords() async throws {
    let folder = TemporaryFolder()
    try Data("x".utf8).write(to: folder.url.appendingPathComponent("plain-file"))
    let inside = folder.path("plain-file") + "/data"
    let run = await runShell(["--data-dir", inside])
    #expect(run.exitCode == 1)
    #expect(
      run.errors
        == "users: cannot use the data folder \(inside): \(folder.path("plain-file")) is a file, not a folder.\n")
    #expect(!run.errors.contains("NSCocoaErrorDomain"))
    #expect(run.output == "")
  }
}
