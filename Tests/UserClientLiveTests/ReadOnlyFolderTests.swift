import Foundation
import SystemSQLite
import Testing
import UserClientInterface
import UserClientLive

/// A data folder that is only read: browsed, searched and exported, every change refused with the folder named,
/// and nothing written in it or made beside its files.
struct ReadOnlyFolderTests {
  private let directory = FileManager.default.temporaryDirectory
    .appendingPathComponent("ReadOnlyFolderTests-\(UUID().uuidString)")

  private func cleanUp() {
    _ = try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: directory.path)
    try? FileManager.default.removeItem(at: directory)
  }

  /// The folder's files, each with its size and modification time: what "nothing changed" compares.
  private func listing() throws -> [String: String] {
    var files: [String: String] = [:]
    for name in try FileManager.default.contentsOfDirectory(atPath: directory.path) {
      let attributes = try FileManager.default.attributesOfItem(
        atPath: directory.appendingPathComponent(name).path)
      // The modification time to the nanosecond (a date prints to the second, which a quick write would share).
      let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
      files[name] = "\(attributes[.size] ?? 0) \(modified)"
    }
    return files
  }

  /// A folder with the sample users and one more, made by the app and closed, as another session leaves it.
  private func makeFolder() async throws {
    let client = UserClient.live(directory: directory)
    _ = try await client.add(NewUser(name: "Zoe Writer", email: "zoe@example.com", city: "Quito"))
  }

  private func expectRefused(_ client: UserClient, reason: String) async throws {
    let refusal = UserClientError.cannotWrite(folder: directory.path, reason: reason)
    await #expect(throws: refusal) { _ = try await client.add(NewUser(name: "New", email: "new@example.com")) }
    let user = try await client.user(1)
    var moved = user
    moved.city = "Rome"
    await #expect(throws: refusal) { try await client.update(moved, user) }
    await #expect(throws: refusal) { try await client.delete(1) }
    #expect(refusal.description.contains(directory.path), "the sentence names the folder")
  }

  @Test func aFolderOpenedReadOnlyIsReadSearchedAndRefusesEveryChangeWritingNothing() async throws {
    defer { cleanUp() }
    try await makeFolder()
    let before = try listing()

    let client = UserClient.live(directory: directory, readOnly: true)
    let users = try await client.load()
    #expect(users.count == SampleUsers.all.count + 1)
    var search = UserQuery()
    search.search = "zoe"
    #expect(try await client.page(search).users.map(\.name) == ["Zoe Writer"])
    try await expectRefused(client, reason: "it is opened read-only")
    #expect(try listing() == before, "no lock, no write-ahead log, no shared memory, nothing touched")
  }

  // Root writes anywhere, so this process meets no folder it cannot write: skipped out loud, and the case runs in
  // UsersShellTests' AnotherUsersFolderTests as another user instead.
  @Test(
    .enabled(
      if: getuid() != 0,
      "as root every folder is writable: AnotherUsersFolderTests runs this case as the user nobody"))
  func aFolderThisProcessCannotWriteIsReadTheSameWay() async throws {
    defer { cleanUp() }
    try await makeFolder()
    try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: directory.path)
    let before = try listing()

    let client = UserClient.live(directory: directory)
    #expect(try await client.load().count == SampleUsers.all.count + 1)
    try await expectRefused(client, reason: "it is read-only")
    #expect(try listing() == before)
  }

  @Test func aReadOnlyFolderWithoutUsersSaysSoAndMakesNothing() async throws {
    defer { cleanUp() }
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let client = UserClient.live(directory: directory, readOnly: true)
    await #expect(throws: UserClientError.cannotWrite(folder: directory.path, reason: "it is opened read-only")) {
      _ = try await client.load()
    }
    #expect(try listing().isEmpty)
  }

  @Test func aDatabaseWithItsWriteAheadLogIsReadWithTheLogsCommits() async throws {
    defer { cleanUp() }
    try await makeFolder()
    // Another session still has the file open: its last commit is in the log, not yet in the file.
    let writer = try UserDatabase(url: directory.appendingPathComponent("users.db"))
    _ = try writer.add(NewUser(name: "Yuri Logged", email: "yuri@example.com", city: "Kyiv"))
    #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("users.db-wal").path))

    let reader = try UserDatabase(readingOnly: directory.appendingPathComponent("users.db"))
    #expect(try reader.all().contains { $0.name == "Yuri Logged" })
    withExtendedLifetime(writer) {}
  }

  @Test func aFullDiskIsSaidAsSuch() {
    let full = SQLiteError(code: 13, message: "database or disk is full")
    #expect(
      UserDatabase.clientError(full, path: "/x/users.db", busyTimeout: .seconds(5))
        == .io(path: "/x/users.db", reason: "the disk is full"))
    let refusal = UserClientError.cannotWrite(folder: "/x", reason: "the disk is full")
    #expect(refusal.description.hasPrefix("Nothing can be saved in the data folder /x (the disk is full)"))
  }
}
