import Dependencies
import ComposableTesting
import Foundation
import Observation
import Sharing
import Testing

/// File-backed shared values follow their file: another process writing, replacing or deleting it shows within a
/// second, and saves go out at once after a quiet period, then coalesced.
@Suite(.serialized) struct FileFollowingTests {
  private let folder = FileManager.default.temporaryDirectory
    .appendingPathComponent("FileFollowingTests-\(UUID().uuidString)")
  private var file: URL { folder.appendingPathComponent("count.json") }

  init() throws {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  }

  // The product's bound is one second (file events come within milliseconds, the safety check runs every second);
  // the waits allow three, for a loaded machine or the thread sanitizer.
  private let followLimit = Duration.seconds(3)

  @Test func anotherProcessReplacingTheFileShowsWithinASecondAndObserversAreTold() async throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    try Data("1".utf8).write(to: file)
    let storage = SharedStorage(fileSystem: .live, directory: folder)
    let count = storage.reference(for: .dataFile(named: "count.json")) { 0 }
    #expect(count.value == 1)
    let told = LockedFlag()
    withObservationTracking {
      _ = count.value
    } onChange: {
      told.set()
    }
    let started = ContinuousClock.now
    try shell("printf 5 > '\(folder.path)/tmp' && mv '\(folder.path)/tmp' '\(file.path)'")
    #expect(await eventually(within: followLimit) { count.value == 5 })
    #expect(ContinuousClock.now - started < .seconds(3))
    #expect(told.isSet)
  }

  @Test func aWriteInPlaceAndADeletionAreFollowed() async throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    try Data("1".utf8).write(to: file)
    let storage = SharedStorage(fileSystem: .live, directory: folder)
    let count = storage.reference(for: .dataFile(named: "count.json")) { 0 }
    try shell("printf 42 > '\(file.path)'")
    #expect(await eventually(within: followLimit) { count.value == 42 })
    try FileManager.default.removeItem(at: file)
    #expect(await eventually(within: followLimit) { count.value == 0 })
    #expect(count.persistenceStatus == .missing)
  }

  @Test func twoStoragesOnOneFolderSeeEachOthersSaves() async throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let first = SharedStorage(fileSystem: .live, directory: folder)
    let second = SharedStorage(fileSystem: .live, directory: folder)
    let key = SharedKey<Set<Int>>.dataFile(named: "favorites.json")
    let mine = first.reference(for: key) { [] }
    let theirs = second.reference(for: key) { [] }
    theirs.withLock { _ = $0.insert(2) }
    #expect(await eventually(within: followLimit) { mine.value == [2] })
    mine.withLock { _ = $0.insert(1) }
    #expect(await eventually(within: followLimit) { theirs.value == [1, 2] })
  }

  @Test func aChangeNotSavedYetIsKeptWhenAnotherProcessSaves() async throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let files = InMemoryFiles()
    let first = SharedStorage(fileSystem: .inMemory(files), directory: folder)
    let second = SharedStorage(fileSystem: .inMemory(files), directory: folder)
    let key = SharedKey<Set<Int>>.dataFile(named: "favorites.json", saveDelay: .seconds(30))
    let mine = first.reference(for: key) { [] }
    let theirs = second.reference(for: key) { [] }
    mine.withLock { _ = $0.insert(1) }
    #expect(await eventually(within: followLimit) { theirs.value == [1] })
    // Within the save window: this change waits for the trailing write, while the other side saves.
    mine.withLock { _ = $0.insert(3) }
    theirs.withLock { _ = $0.insert(2) }
    #expect(await eventually(within: followLimit) { mine.value == [1, 2, 3] })
    let saved = try JSONDecoder().decode(
      Set<Int>.self, from: try #require(files[folder.appendingPathComponent("favorites.json")]))
    #expect(saved == [1, 2, 3])
  }

  @Test func anEmptyFileIsNoValueYetNotACorruptOne() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    try Data().write(to: file)
    let storage = SharedStorage(fileSystem: .live, directory: folder)
    let count = storage.reference(for: .dataFile(named: "count.json")) { 7 }
    #expect(count.value == 7)
    #expect(count.persistenceStatus == .missing)
    #expect(!FileManager.default.fileExists(atPath: file.path + ".corrupt"))
  }

  @Test func aFileSetAsideStaysSaidAfterASuccessfulSave() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    try Data("{oops".utf8).write(to: file)
    let storage = SharedStorage(fileSystem: .live, directory: folder)
    let count = storage.reference(for: .dataFile(named: "count.json")) { 0 }
    guard case let .corrupt(movedTo?, _) = count.persistenceStatus else {
      Issue.record("expected the corrupt file to be reported, got \(count.persistenceStatus)")
      return
    }
    count.withLock { $0 = 3 }
    count.flush()
    // The user's old data is in the copy: the status says where for the session, though saving works again.
    guard case .corrupt(movedTo: movedTo?, _) = count.persistenceStatus else {
      Issue.record("the set-aside file is no longer said: \(count.persistenceStatus)")
      return
    }
    #expect(try Data(contentsOf: file) == Data("3".utf8))
    #expect(try Data(contentsOf: movedTo) == Data("{oops".utf8))
  }

  @Test func theFirstChangeIsWrittenAtOnceAndTheNextOnesTogetherAfterTheDelay() async throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let files = InMemoryFiles()
    let storage = SharedStorage(fileSystem: .inMemory(files), directory: folder)
    let count = storage.reference(for: .dataFile(named: "count.json", saveDelay: .seconds(1))) { 0 }
    count.withLock { $0 = 1 }
    // Well before the delay is over: the leading edge.
    #expect(await eventually(within: .milliseconds(600)) { files.writeCount == 1 })
    count.withLock { $0 = 2 }
    count.withLock { $0 = 3 }
    try await Task.sleep(for: .milliseconds(100))
    #expect(files.writeCount == 1)
    #expect(await eventually(within: followLimit) { files.writeCount == 2 })
    #expect(files[folder.appendingPathComponent("count.json")] == Data("3".utf8))
    try await Task.sleep(for: .milliseconds(100))
    #expect(files.writeCount == 2)
  }

  @Test func anInMemoryDeletionResetsToTheDefault() async throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let files = InMemoryFiles()
    let url = folder.appendingPathComponent("count.json")
    files[url] = Data("9".utf8)
    let storage = SharedStorage(fileSystem: .inMemory(files), directory: folder)
    let count = storage.reference(for: .dataFile(named: "count.json")) { 4 }
    #expect(count.value == 9)
    files.remove(url)
    #expect(await eventually(within: followLimit) { count.value == 4 })
  }
}

/// A flag set from any thread.
private final class LockedFlag: @unchecked Sendable {
  private let lock = NSLock()
  private var value = false
  func set() { lock.withLock { value = true } }
  var isSet: Bool { lock.withLock { value } }
}
