import Dependencies
import Foundation
import Sharing
import Testing

/// Preferences as a settings screen would persist them.
private struct Preferences: Codable, Equatable, Sendable {
  var sortByName = true
  var pageSize = 20
}

struct FilePersistenceTests {
  private let directory = FileManager.default.temporaryDirectory
    .appendingPathComponent("FilePersistenceTests-\(UUID().uuidString)")

  private var url: URL { directory.appendingPathComponent("preferences.json") }

  /// Resolves the key in a fresh storage over `fileSystem`, as a new run of the app would.
  private func load(
    _ fileSystem: SharedFileSystem, default value: Preferences = Preferences(), saveDelay: Duration = .seconds(60)
  ) -> Shared<Preferences> {
    withDependencies({ $0.sharedStorage = SharedStorage(fileSystem: fileSystem) }) {
      Shared(wrappedValue: value, .file(url, saveDelay: saveDelay))
    }
  }

  private func cleanUp() { try? FileManager.default.removeItem(at: directory) }

  @Test func aMissingFileMeansTheDefaultAndTheFirstSaveCreatesIt() throws {
    defer { cleanUp() }
    let shared = load(.live)
    #expect(shared.wrappedValue == Preferences())
    #expect(shared.persistenceStatus == .missing)
    #expect(!FileManager.default.fileExists(atPath: url.path))
    shared.withLock { $0.pageSize = 50 }
    shared.flush()
    #expect(shared.persistenceStatus == .loaded)
    let reloaded = load(.live)
    #expect(reloaded.wrappedValue.pageSize == 50)
    #expect(reloaded.persistenceStatus == .loaded)
  }

  @Test func aBurstOfChangesIsSavedInTwoWrites() {
    let files = InMemoryFiles()
    let shared = load(.inMemory(files), saveDelay: .seconds(60))
    // The first change is written before `withLock` returns; the 99 after it wait for the delay, or a flush.
    for size in 1...100 { shared.withLock { $0.pageSize = size } }
    #expect(files.writeCount == 1)
    shared.flush()
    #expect(files.writeCount == 2)
    shared.flush()
    #expect(files.writeCount == 2)
    #expect(load(.inMemory(files)).wrappedValue.pageSize == 100)
  }

  @Test func theFirstChangeAfterAQuietPeriodIsInTheFileWhenWithLockReturns() throws {
    defer { cleanUp() }
    let shared = load(.live, saveDelay: .milliseconds(50))
    shared.withLock { $0.pageSize = 42 }
    let written = try JSONDecoder().decode(Preferences.self, from: Data(contentsOf: url))
    #expect(written.pageSize == 42)
  }

  @Test func savesHappenByThemselvesAfterTheDelay() async throws {
    let files = InMemoryFiles()
    let shared = load(.inMemory(files), saveDelay: .milliseconds(20))
    shared.withLock { $0.sortByName = false }
    shared.withLock { $0.pageSize = 7 }
    // The first change is written at once, the second when the delay is over: both without a flush.
    let saved = { files[self.url].flatMap { try? JSONDecoder().decode(Preferences.self, from: $0) } }
    var waited = 0
    while saved() != Preferences(sortByName: false, pageSize: 7), waited < 200 {
      try await Task.sleep(for: .milliseconds(10))
      waited += 1
    }
    #expect(saved() == Preferences(sortByName: false, pageSize: 7))
    #expect((1...2).contains(files.writeCount))
  }

  @Test func aCorruptFileIsKeptAsideByteForByteAndDefaultsAreUsed() throws {
    defer { cleanUp() }
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let garbage = Data("{\"sortByName\": tru".utf8)
    try garbage.write(to: url)
    let shared = load(.live, default: Preferences(sortByName: false, pageSize: 5))
    #expect(shared.wrappedValue == Preferences(sortByName: false, pageSize: 5))
    let backup = directory.appendingPathComponent("preferences.json.corrupt")
    guard case let .corrupt(movedTo, reason) = shared.persistenceStatus else {
      Issue.record("expected a corrupt status, got \(shared.persistenceStatus)")
      return
    }
    #expect(movedTo?.lastPathComponent == backup.lastPathComponent)
    #expect(!reason.isEmpty)
    #expect(shared.persistenceStatus.notice?.contains("kept at") == true)
    #expect(try Data(contentsOf: backup) == garbage)
    #expect(!FileManager.default.fileExists(atPath: url.path))

    // A second corrupt file does not overwrite the first one kept aside.
    try Data("[]".utf8).write(to: url)
    let again = load(.live)
    #expect(again.wrappedValue == Preferences())
    #expect(try Data(contentsOf: backup) == garbage)
    #expect(try Data(contentsOf: directory.appendingPathComponent("preferences.json.corrupt-2")) == Data("[]".utf8))
  }

  @Test func aFailedSaveKeepsTheValueAndLeavesTheFileIntact() throws {
    let files = InMemoryFiles()
    let good = try JSONEncoder().encode(Preferences(sortByName: true, pageSize: 3))
    files[url] = good
    let failing = SharedFileSystem(
      read: { files[$0] },
      write: { _, _ in throw CocoaError(.fileWriteNoPermission) },
      move: { _, _ in },
      exists: { files[$0] != nil })
    let shared = load(failing)
    #expect(shared.wrappedValue.pageSize == 3)
    shared.withLock { $0.pageSize = 4 }
    shared.flush()
    guard case .saveFailed = shared.persistenceStatus else {
      Issue.record("expected a failed save, got \(shared.persistenceStatus)")
      return
    }
    #expect(shared.wrappedValue.pageSize == 4)
    #expect(files[url] == good)
  }

  @Test func anUnreadableFileIsNeverOverwritten() {
    let files = InMemoryFiles()
    let unreadable = SharedFileSystem(
      read: { _ in throw CocoaError(.fileReadNoPermission) },
      write: { data, url in files[url] = data },
      move: { _, _ in },
      exists: { _ in true })
    let shared = load(unreadable)
    guard case .unreadable = shared.persistenceStatus else {
      Issue.record("expected an unreadable status, got \(shared.persistenceStatus)")
      return
    }
    shared.withLock { $0.pageSize = 1 }
    shared.flush()
    #expect(files[url] == nil)
  }

  @Test func liveWritesLeaveOnlyCompleteFiles() throws {
    defer { cleanUp() }
    let shared = load(.live)
    for size in 1...20 {
      shared.withLock { $0.pageSize = size }
      shared.flush()
      let data = try Data(contentsOf: url)
      #expect(try JSONDecoder().decode(Preferences.self, from: data).pageSize == size)
    }
    // No temporary file is left: only the file and its lock's companion file.
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    #expect(leftovers == [".preferences.json.lock", "preferences.json"])
  }
}
