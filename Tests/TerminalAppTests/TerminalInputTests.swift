import Foundation
import TerminalApp
import Testing

struct TerminalInputTests {
  @Test func skipsCommentsAndBlankLinesEchoesCommandsAndCountsLines() {
    var lines = ["# a comment", "", "open 1", "   ", "  fav  "][...]
    var echoed = ""
    let input = TerminalInput(readLine: { lines.popFirst() }, echo: { echoed += $0 })
    #expect(input.next() == "open 1")
    #expect(input.lineNumber == 3)
    #expect(input.next() == "  fav  ")
    #expect(input.lineNumber == 5)
    #expect(input.next() == nil)
    #expect(echoed == "> open 1\n> fav\n")
  }

  @Test func readsAScriptFileLineByLine() throws {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("script-\(UUID().uuidString).txt")
    defer { try? FileManager.default.removeItem(at: url) }
    try "sort city\n# then\nopen 2\n".write(to: url, atomically: true, encoding: .utf8)
    let input = try TerminalInput(file: url, echo: { _ in })
    #expect(input.next() == "sort city")
    #expect(input.next() == "open 2")
    #expect(input.lineNumber == 3)
    #expect(input.next() == nil)
    #expect(throws: (any Error).self) { try TerminalInput(file: url.appendingPathExtension("missing"), echo: { _ in }) }
  }
}
