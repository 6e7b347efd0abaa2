import Dependencies
import Foundation
import Sharing
import Testing

private struct Preferences: Codable, Equatable, Sendable {
  var pageSize = 20
}

/// `.dataFile(named:)`: the feature names the file, the storage decides the folder.
struct DataFileKeyTests {
  private func shared(in storage: SharedStorage) -> Shared<Preferences> {
    withDependencies({ $0.sharedStorage = storage }) {
      Shared(wrappedValue: Preferences(), .dataFile(named: "preferences.json", saveDelay: .seconds(60)))
    }
  }

  @Test func theFileLivesInTheStoragesFolder() throws {
    let files = InMemoryFiles()
    let folder = URL(fileURLWithPath: "/home/ada/.local/share/users")
    let value = shared(in: SharedStorage(fileSystem: .inMemory(files), directory: folder))
    value.withLock { $0.pageSize = 5 }
    value.flush()
    #expect(files.paths == ["/home/ada/.local/share/users/preferences.json"])
    let reloaded = shared(in: SharedStorage(fileSystem: .inMemory(files), directory: folder))
    #expect(reloaded.wrappedValue.pageSize == 5)
    // Another folder is another app's data: it starts from the default.
    let elsewhere = shared(in: SharedStorage(fileSystem: .inMemory(files), directory: URL(fileURLWithPath: "/tmp")))
    #expect(elsewhere.wrappedValue == Preferences())
  }

  @Test func aCorruptFileGivesTheDefaultANoticeAndIsKeptAside() {
    let files = InMemoryFiles(["/data/preferences.json": Data("{ not json".utf8)])
    let value = shared(in: SharedStorage(fileSystem: .inMemory(files)))
    #expect(value.wrappedValue == Preferences())
    #expect(value.persistenceStatus.notice?.contains("/data/preferences.json.corrupt") == true)
    #expect(files[URL(fileURLWithPath: "/data/preferences.json.corrupt")] == Data("{ not json".utf8))
  }
}
