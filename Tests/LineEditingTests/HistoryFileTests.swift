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

/// Sessions at once each append their lines to one history file: none is lost, and the file keeps the newest.
struct ConcurrentHistoryTests {
  private let url = FileManager.default.temporaryDirectory.appendingPathComponent("history-\(UUID().uuidString)")

  @Test func twoSessionsAppendingInTurnKeepEveryLine() throws {
    defer { try? FileManager.default.removeItem(at: url) }
    let first = HistoryFile(url: url)
    let second = HistoryFile(url: url)
    // Each loaded the (empty) file before either typed: saving whole histories would keep only the last writer's.
    try first.append("open 1")
    try second.append("sort city")
    try first.append("fav")
    try second.append("  ")
    #expect(first.load().entries == ["open 1", "sort city", "fav"])
  }

  @Test func manyAppendsFromManyThreadsLoseNoLineAndKeepTheNewest() async throws {
    defer { try? FileManager.default.removeItem(at: url) }
    await withTaskGroup(of: Void.self) { group in
      for session in 0..<4 {
        group.addTask {
          let file = HistoryFile(url: url, limit: 1_000)
          for command in 0..<50 { try? file.append("s\(session) c\(command)") }
        }
      }
    }
    let entries = HistoryFile(url: url).load().entries
    #expect(entries.count == 200)
    #expect(Set(entries).count == 200)
  }

  @Test func theFileIsTrimmedToTheNewestLines() throws {
    defer { try? FileManager.default.removeItem(at: url) }
    let file = HistoryFile(url: url, limit: 3)
    for command in ["a", "b", "c", "d", "e"] { try file.append(command) }
    #expect(try String(contentsOf: url, encoding: .utf8) == "c\nd\ne\n")
  }

  @Test func aFolderThatCannotHoldTheFileIsAnError() {
    let file = HistoryFile(url: URL(fileURLWithPath: "/nonexistent-folder/history"))
    #expect(throws: HistoryFileError.self) { try file.append("x") }
  }
}
