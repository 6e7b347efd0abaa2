import Foundation
import Testing
import UserClientInterface
import UserClientTesting

/// Scripts page long lists by a fixed 20 rows and never pass control characters from data or input through.
@MainActor struct PagingAndEscapingTests {
  @Test func aScriptPagesBy20RowsWithNextPrevAndPage() async throws {
    let folder = TemporaryFolder()
    try folder.seed(
      (1...45).map { User(id: User.ID($0), name: String(format: "Person %02d", $0), email: "p\($0)@x.org") })
    let run = await runShell(["--data-dir", folder.url.path], input: ["next", "page 3", "prev", "open 45", "back"])
    #expect(run.exitCode == 0, "\(run.errors)")
    let screens = run.output.components(separatedBy: "\n> ")
    #expect(screens[0].hasPrefix("Users (45 of 45, sorted by name)\n 1.   Person 01 <p1@x.org>\n"))
    #expect(
      screens[0].hasSuffix(
        "20.   Person 20 <p20@x.org>\nRows 1–20 of 45, page 1 of 3; 'next' shows more, 'page <n>' jumps."))
    #expect(screens[1].hasPrefix("next\nUsers (45 of 45, sorted by name)\n21.   Person 21"))
    #expect(
      screens[2] == """
        page 3
        Users (45 of 45, sorted by name)
        41.   Person 41 <p41@x.org>
        42.   Person 42 <p42@x.org>
        43.   Person 43 <p43@x.org>
        44.   Person 44 <p44@x.org>
        45.   Person 45 <p45@x.org>
        Rows 41–45 of 45, page 3 of 3; 'prev' goes back, 'page <n>' jumps.
        """)
    #expect(screens[3].hasPrefix("prev\nUsers (45 of 45, sorted by name)\n21."))
    // A row on another page opens by its number.
    #expect(screens[4].hasPrefix("open 45\nPerson 45\n"))
    // Back on the list, the page shown is the one left.
    #expect(screens[5].contains("Rows 21–40 of 45, page 2 of 3"))
    // Past the last page a script stops, as for any refused command.
    let refused = await runShell(["--data-dir", folder.url.path], input: ["page 3", "next"])
    #expect(refused.exitCode == 1)
    #expect(refused.errors == "users: stopped at line 2: This is the last page.\n")
  }

  @Test func controlCharactersInDataAndInCommandsAreShownEscaped() async throws {
    let folder = TemporaryFolder()
    try folder.seed([User(id: 1, name: "Mallory\u{1B}[2J\u{1B}[H", email: "m@x.org", city: "Bell\u{07}ville")])
    let run = await runShell(["--data-dir", folder.url.path], input: ["open 1", "edit", "name Eve\u{1B}[31m", "save"])
    #expect(run.output.contains(#"1.   Mallory\e[2J\e[H <m@x.org> · Bell\x07ville"#))
    #expect(run.output.contains(#"Mallory\e[2J\e[H"#))
    #expect(run.output.contains(#"Eve\e[31m"#))
    // Not one control character but the line breaks reached the output.
    #expect(!run.output.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) })
    let refused = await runShell(["--data-dir", folder.url.path, "--fresh"], input: ["open \u{1B}[2J"])
    #expect(refused.output.contains(#"error: 'open' needs one number <row>."#))
    #expect(refused.output.contains(#"> open \e[2J"#))
    #expect(!refused.output.contains("\u{1B}"))
  }
}
