import Dependencies
import Foundation
import Sharing
import Testing

/// What a recording starts from: a storage's shared values as JSON by key, given back to another storage in memory.
struct SharedValuesSnapshotTests {
  private struct Pointer: Sendable {}

  @Test func aSnapshotHoldsEveryCodableValueByKeyAndRestoresThemWithoutSaving() throws {
    let files = InMemoryFiles()
    let taken = SharedStorage(fileSystem: .inMemory(files))
    withDependencies({ $0.sharedStorage = taken }) {
      let favorites = Shared(wrappedValue: Set<Int>(), .dataFile(named: "favorites.json", saveDelay: .zero))
      let motto = Shared(wrappedValue: "hello", .inMemory("motto"))
      favorites.withLock { $0 = [2, 3] }
      motto.withLock { $0 = "changed" }
      favorites.flush()
      // A value that is not Codable has no JSON to keep.
      _ = Shared(wrappedValue: Pointer(), .inMemory("pointer"))
    }
    let snapshot = taken.snapshot()
    #expect(snapshot.values.keys.sorted() == ["data:favorites.json", "memory:motto"])
    // A set's JSON lists its elements in hash order.
    let favoritesJSON = try #require(snapshot.values["data:favorites.json"])
    #expect(try JSONDecoder().decode(Set<Int>.self, from: Data(favoritesJSON.utf8)) == [2, 3])
    #expect(snapshot.values["memory:motto"] == "\"changed\"")

    let otherFiles = InMemoryFiles()
    let other = SharedStorage(fileSystem: .inMemory(otherFiles))
    let (favorites, motto, count) = withDependencies({ $0.sharedStorage = other }) {
      (
        Shared(wrappedValue: Set<Int>(), .dataFile(named: "favorites.json", saveDelay: .zero)),
        Shared(wrappedValue: "hello", .inMemory("motto")),
        Shared(wrappedValue: 0, .inMemory("count"))
      )
    }
    var extra = snapshot
    extra.values["memory:count"] = "\"not a number\""
    extra.values["memory:unused"] = "1"
    let unrestored = other.restore(extra)
    #expect(favorites.wrappedValue == [2, 3])
    #expect(motto.wrappedValue == "changed")
    #expect(count.wrappedValue == 0)
    #expect(unrestored == ["memory:count", "memory:unused"])
    favorites.flush()
    #expect(otherFiles.paths.isEmpty, "a restored value is not saved: it was saved where it was taken")
  }
}
