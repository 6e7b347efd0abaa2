import Dependencies
import Foundation
import Sharing
import Testing

private struct Settings: Codable, Equatable, Sendable {
  var sort = "name"
  var display = "detailed"
  var tourDone = false
}

/// Two storages on one real folder, as two processes are: each saves only its own change over the file.
struct TwoProcessesFileTests {
  private let folder = FileManager.default.temporaryDirectory
    .appendingPathComponent("TwoProcessesFileTests-\(UUID().uuidString)")

  @Test func twoProcessesChangingDifferentSettingsAndFavoritesBothKeepTheirChange() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try Data(#"{"sort": "name", "display": "detailed", "tourDone": true}"#.utf8)
      .write(to: folder.appendingPathComponent("settings.json"))
    try Data("[7]".utf8).write(to: folder.appendingPathComponent("favorites.json"))
    let first = SharedStorage(fileSystem: .live, directory: folder)
    let second = SharedStorage(fileSystem: .live, directory: folder)
    let settingsKey = SharedKey<Settings>.dataFile(named: "settings.json", saveDelay: .seconds(60))
    let favoritesKey = SharedKey<Set<Int>>.dataFile(named: "favorites.json", saveDelay: .seconds(60))
    // Both read the files before either saves.
    let firstSettings = first.reference(for: settingsKey) { Settings() }
    let secondSettings = second.reference(for: settingsKey) { Settings() }
    let firstFavorites = first.reference(for: favoritesKey) { [] }
    let secondFavorites = second.reference(for: favoritesKey) { [] }

    firstSettings.withLock { $0.sort = "city" }
    secondSettings.withLock { $0.display = "compact" }
    firstFavorites.withLock { _ = $0.insert(1) }
    secondFavorites.withLock {
      $0.insert(2)
      $0.remove(7)
    }
    first.flushAll()
    second.flushAll()

    let stored = try JSONDecoder().decode(
      Settings.self, from: Data(contentsOf: folder.appendingPathComponent("settings.json")))
    #expect(stored == Settings(sort: "city", display: "compact", tourDone: true))
    let favorites = try JSONDecoder().decode(
      Set<Int>.self, from: Data(contentsOf: folder.appendingPathComponent("favorites.json")))
    #expect(favorites == [1, 2])

    // A later change by the first keeps the second's earlier one: only what changed since its last save applies.
    firstSettings.withLock { $0.sort = "id" }
    first.flushAll()
    let again = try JSONDecoder().decode(
      Settings.self, from: Data(contentsOf: folder.appendingPathComponent("settings.json")))
    #expect(again == Settings(sort: "id", display: "compact", tourDone: true))
  }
}
