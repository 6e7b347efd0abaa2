import Dependencies
import Foundation
import Sharing
import Testing

/// A profile with an optional field, to merge objects whose keys come and go.
private struct Profile: Codable, Equatable, Sendable {
  var nickname: String?
  var visits = 0
  var tags: [String] = []
}

/// Saving a file-backed value after another process replaced its file, for every shape of JSON document: the save
/// never stops the process, and the file holds a value that decodes, with both processes' changes where the shape
/// has parts to merge (object keys, set elements) and ours whole where it has none (a scalar, an ordered array).
struct ExternalWriteMergeTests {
  private let url = URL(fileURLWithPath: "/shared/value.json")

  /// Seeds the file with `initial`, loads it, lets another process write `theirs` while `change` is made here
  /// (before this process sees their write), saves, and returns what the file then decodes to.
  private func saveAfterExternalWrite<Value: Codable & Sendable>(
    initial: Value, theirs: Value, change: (inout Value) -> Void
  ) throws -> Value {
    let files = InMemoryFiles()
    files[url] = try JSONEncoder().encode(initial)
    let shared = withDependencies({ $0.sharedStorage = SharedStorage(fileSystem: .inMemory(files)) }) {
      Shared(wrappedValue: initial, .file(url, saveDelay: .seconds(60)))
    }
    let theirsData = try JSONEncoder().encode(theirs)
    // Their write lands while our change is being made: ours is not saved yet, and theirs not seen yet.
    shared.withLock { value in
      files[url] = theirsData
      change(&value)
    }
    shared.flush()
    #expect(shared.persistenceStatus == .loaded)
    return try JSONDecoder().decode(Value.self, from: try #require(files[url]))
  }

  @Test func anIntegerIsReplacedByOurs() throws {
    #expect(try saveAfterExternalWrite(initial: 1, theirs: 2, change: { $0 = 3 }) == 3)
  }

  @Test func aStringIsReplacedByOurs() throws {
    #expect(try saveAfterExternalWrite(initial: "a", theirs: "b", change: { $0 = "c" }) == "c")
  }

  @Test func aBoolIsReplacedByOurs() throws {
    #expect(try saveAfterExternalWrite(initial: false, theirs: false, change: { $0 = true }) == true)
  }

  @Test func aDoubleIsReplacedByOurs() throws {
    #expect(try saveAfterExternalWrite(initial: 0.5, theirs: 1.5, change: { $0 = 2.25 }) == 2.25)
  }

  @Test func anOptionalThatIsNullOnEitherSideIsReplacedByOurs() throws {
    #expect(try saveAfterExternalWrite(initial: Int?.none, theirs: 4, change: { $0 = 5 }) == 5)
    #expect(try saveAfterExternalWrite(initial: Int?.some(1), theirs: 4, change: { $0 = nil }) == nil)
    #expect(try saveAfterExternalWrite(initial: String?.some("a"), theirs: nil, change: { $0 = "c" }) == "c")
  }

  @Test func anOrderedArrayIsReplacedByOurs() throws {
    #expect(try saveAfterExternalWrite(initial: [1, 2], theirs: [2, 1, 9], change: { $0.append(3) }) == [1, 2, 3])
  }

  @Test func aSetKeepsBothProcessesElements() throws {
    let merged = try saveAfterExternalWrite(initial: Set([1, 2]), theirs: Set([1, 2, 8]), change: { $0.remove(1) })
    #expect(merged == [2, 8])
  }

  @Test func anObjectKeepsBothProcessesFields() throws {
    let merged = try saveAfterExternalWrite(
      initial: Profile(nickname: "ada", visits: 1), theirs: Profile(nickname: "countess", visits: 1),
      change: { $0.visits = 2 })
    #expect(merged == Profile(nickname: "countess", visits: 2))
  }

  @Test func anOptionalFieldRemovedElsewhereStaysRemoved() throws {
    let merged = try saveAfterExternalWrite(
      initial: Profile(nickname: "ada"), theirs: Profile(nickname: nil), change: { $0.tags = ["math"] })
    #expect(merged == Profile(nickname: nil, visits: 0, tags: ["math"]))
  }

  @Test func anOptionalObjectThatBecomesNullElsewhereIsReplacedByOurs() throws {
    let merged = try saveAfterExternalWrite(
      initial: Profile?.some(Profile(visits: 1)), theirs: nil, change: { $0?.visits = 2 })
    #expect(merged == Profile(visits: 2))
  }

  @Test func aDocumentWhoseShapeChangedElsewhereIsReplacedByOurs() throws {
    let files = InMemoryFiles()
    files[url] = Data("[1]".utf8)
    let shared = withDependencies({ $0.sharedStorage = SharedStorage(fileSystem: .inMemory(files)) }) {
      Shared(wrappedValue: [1], .file(url, saveDelay: .seconds(60)))
    }
    files[url] = Data(#"{"written": "by another version of the app"}"#.utf8)
    shared.withLock { $0 = [4] }
    shared.flush()
    #expect(try JSONDecoder().decode([Int].self, from: try #require(files[url])) == [4])
  }

  /// The crash this file guards against, end to end: two storages on one real folder, as two processes are.
  @Test func twoProcessesSavingOneIntegerOnDiskBothSurvive() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("ExternalWriteMergeTests-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let key = SharedKey<Int>.dataFile(named: "count.json", saveDelay: .seconds(60))
    let first = SharedStorage(fileSystem: .live, directory: folder)
    let second = SharedStorage(fileSystem: .live, directory: folder)
    let firstCount = first.reference(for: key) { 0 }
    firstCount.withLock { $0 = 1 }
    first.flushAll()
    let secondCount = second.reference(for: key) { 0 }
    secondCount.withLock { $0 = 2 }
    second.flushAll()
    firstCount.withLock { $0 = 3 }
    first.flushAll()
    let stored = try Data(contentsOf: folder.appendingPathComponent("count.json"))
    #expect(try JSONDecoder().decode(Int.self, from: stored) == 3)
  }
}
