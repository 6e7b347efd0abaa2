import Foundation
import SystemSQLite
import Testing
import UserClientInterface
import UserClientLive

/// Two clients on one data folder, as two `users` processes are: each has its own memory of the file, and only
/// the file and its lock are shared. No update may be lost.
struct ConcurrentWritersTests {
  private let directory = FileManager.default.temporaryDirectory
    .appendingPathComponent("ConcurrentWritersTests-\(UUID().uuidString)")

  private func cleanUp() { try? FileManager.default.removeItem(at: directory) }

  @Test func editsOfDifferentUsersAtTheSameMomentBothSurviveEveryTime() async throws {
    defer { cleanUp() }
    let first = UserClient.live(directory: directory)
    let second = UserClient.live(directory: directory)
    for round in 1...15 {
      // Both loaded before either saves: each save must apply to the file as it is, not as it was loaded.
      let seenByFirst = try await first.load()
      let seenBySecond = try await second.load()
      var ada = seenByFirst[0]
      var grace = seenBySecond[1]
      ada.city = "Ada's city \(round)"
      grace.city = "Grace's city \(round)"
      async let one: Void = first.update(ada, seenByFirst[0])
      async let two: Void = second.update(grace, seenBySecond[1])
      _ = try await (one, two)
      let stored = try await UserClient.live(directory: directory).load()
      #expect(stored[0].city == "Ada's city \(round)", "round \(round)")
      #expect(stored[1].city == "Grace's city \(round)", "round \(round)")
    }
  }

  @Test func usersAddedAtOnceByTwoClientsAllGetTheirOwnID() async throws {
    defer { cleanUp() }
    let first = UserClient.live(directory: directory)
    let second = UserClient.live(directory: directory)
    _ = try await first.load()
    let added = try await withThrowingTaskGroup(of: User.self) { group in
      for index in 0..<30 {
        let client = index.isMultiple(of: 2) ? first : second
        group.addTask { try await client.add(NewUser(name: "New \(index)", email: "new\(index)@example.com")) }
      }
      return try await group.reduce(into: [User]()) { $0.append($1) }
    }
    #expect(Set(added.map(\.id)).count == 30)
    let stored = try await UserClient.live(directory: directory).load()
    #expect(stored.count == SampleUsers.all.count + 30)
    #expect(Set(stored.map(\.id)).count == stored.count)
  }

  @Test func anEditOfAUserSomeoneChangedSinceItWasLoadedIsRefusedWithTheirVersion() async throws {
    defer { cleanUp() }
    let first = UserClient.live(directory: directory)
    let second = UserClient.live(directory: directory)
    let loaded = try await first.load()[0]
    _ = try await second.load()
    var theirs = loaded
    theirs.name = "Changed by the first"
    try await first.update(theirs, loaded)
    var mine = loaded
    mine.city = "Changed by the second"
    await #expect(throws: UserClientError.conflict(current: theirs)) { try await second.update(mine, loaded) }
    #expect(try await UserClient.live(directory: directory).load()[0] == theirs)
    // Saving the same change twice is not a conflict.
    try await first.update(theirs, loaded)
  }

  @Test func anotherClientsChangesShowOnTheNextLoad() async throws {
    defer { cleanUp() }
    let first = UserClient.live(directory: directory)
    let second = UserClient.live(directory: directory)
    let before = try await first.load()
    let added = try await second.add(NewUser(name: "From elsewhere", email: "elsewhere@example.com"))
    try await second.delete(before[0].id)
    let after = try await first.load()
    #expect(after.last == added)
    #expect(!after.contains { $0.id == before[0].id })
  }

  @Test func aWriteUnderWayElsewhereMakesAWriterWaitAndReadersGoOn() async throws {
    defer { cleanUp() }
    let client = UserClient.live(directory: directory)
    let users = try await client.load()
    // Another process inside a write: its own connection holding the write lock.
    let other = try SQLiteDatabase(path: directory.appendingPathComponent("users.db").path)
    try other.execute("BEGIN IMMEDIATE")
    try other.execute("UPDATE users SET city = 'Theirs' WHERE id = 2")
    var edited = users[0]
    edited.city = "Waited"
    let save = Task { try await client.update(edited, users[0]) }
    try await Task.sleep(for: .milliseconds(300))
    // Readers are not held up by the writer, and see neither change yet.
    let meanwhile = try await UserClient.live(directory: directory).load()
    #expect(meanwhile[0].city == users[0].city)
    #expect(meanwhile[1].city == users[1].city)
    try other.execute("COMMIT")
    try await save.value
    let after = try await UserClient.live(directory: directory).load()
    #expect(after[0].city == "Waited")
    #expect(after[1].city == "Theirs")
    // A lock never freed is an error that says so, not a hang (here after a tenth of a second).
    try other.execute("BEGIN IMMEDIATE")
    defer { try? other.execute("ROLLBACK") }
    let file = directory.appendingPathComponent("users.db")
    let impatient = try UserDatabase(url: file, searchIndex: true, busyTimeout: .milliseconds(100))
    #expect(
      throws: UserClientError.io(
        path: file.path,
        reason: "another users session kept the users locked for more than 0.1 seconds; nothing was saved"
      )
    ) {
      _ = try impatient.add(NewUser(name: "Late", email: "late@example.com"))
    }
  }
}
