import Foundation
import Testing

/// The README's transcript of the app is what the app prints, verbatim, from a new data folder.
@MainActor struct ReadmeTranscriptTests {
  /// The README at the repository's root.
  private static let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("README.md")

  @Test func theReadmeTranscriptIsWhatTheAppPrintsInANewDataFolder() async throws {
    let transcript = try Self.transcript(in: String(contentsOf: Self.readme, encoding: .utf8))
    let folder = TemporaryFolder()
    let run = await runShell(["--data-dir", folder.path("new")], input: transcript.commands)
    #expect(run.exitCode == 0)
    #expect(run.errors == "")
    #expect(run.output == transcript.output)
    #expect(transcript.commands.count == 6)
  }

  @Test func aChangedTranscriptIsCaught() throws {
    let readme = try String(contentsOf: Self.readme, encoding: .utf8)
    let edited = readme.replacingOccurrences(of: "Grace Thompson", with: "Grace Thomson")
    #expect(try Self.transcript(in: edited).output != (try Self.transcript(in: readme).output))
  }

  /// The commands piped in (from the `printf` line) and the output below that line, up to the block's end.
  static func transcript(in readme: String) throws -> (commands: [String], output: String) {
    let marker = "compared verbatim by ReadmeTranscriptTests. -->\n```\n"
    guard let start = readme.range(of: marker),
      let end = readme.range(of: "\n```", range: start.upperBound..<readme.endIndex)
    else { throw TranscriptError("the README has no checked transcript block") }
    let lines = readme[start.upperBound..<end.lowerBound].split(separator: "\n", omittingEmptySubsequences: false)
    guard let first = lines.first, first.hasPrefix("$ printf '"),
      let quoteEnd = first.dropFirst("$ printf '".count).firstIndex(of: "'"),
      first[quoteEnd...].hasPrefix("' | swift run -q users --data-dir \"$(mktemp -d)\"")
    else { throw TranscriptError("the transcript's first line is not the printf command it should be") }
    let piped = first[first.index(first.startIndex, offsetBy: "$ printf '".count)..<quoteEnd]
    let commands = piped.components(separatedBy: "\\n").filter { !$0.isEmpty }
    return (commands, lines.dropFirst().joined(separator: "\n") + "\n")
  }
}

/// Why the README's transcript could not be read.
struct TranscriptError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
