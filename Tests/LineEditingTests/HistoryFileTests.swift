import Foundation
import LineEditing
import Testing

struct HistoryFileTests {
  @Test func keepsTheNewestLinesAcrossRunsWithinItsBound() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("history-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = HistoryFile(url: folder.appendingPathComponent("history"), limit: 3)
    #expect(file.load().entries.isEmpty)
    var history = file.load()
    for line in ["open 1", "back", "sort city", "search ada"] {
      history.add(line)
      try file.save(history)
    }
    #expect(file.load().entries == ["back", "sort city", "search ada"])
    let text = try String(contentsOf: file.url, encoding: .utf8)
    #expect(text == "back\nsort city\nsearch ada\n")
  }

  @Test func anUnreadableFileIsAnEmptyHistoryAndAnUnwritableOneThrows() throws {
    let missingFolder = FileManager.default.temporaryDirectory.appendingPathComponent("no-such-\(UUID().uuidString)")
    let file = HistoryFile(url: missingFolder.appendingPathComponent("history"))
    #expect(file.load().entries.isEmpty)
    #expect(throws: (any Error).self) { try file.save(LineHistory(["x"])) }
  }
}
