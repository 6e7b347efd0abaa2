import Foundation
import Sharing
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
    await #expect(throws: UserClientError.changedElsewhere(current: theirs)) { try await second.update(mine, loaded) }
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

  @Test func aHeldLockMakesAWriterWaitAndALockNeverFreedIsAClearError() async throws {
    defer { cleanUp() }
    let client = UserClient.live(directory: directory)
    let users = try await client.load()
    let usersFile = directory.appendingPathComponent("users.json")
    // Another holder: the lock file opened and locked on its own descriptor, as another process would.
    let holder = try LockHolder(FileLock.lockFile(for: usersFile))
    var edited = users[0]
    edited.city = "Waited"
    let save = Task { try await client.update(edited, users[0]) }
    try await Task.sleep(for: .milliseconds(300))
    #expect(try await UserClient.live(directory: directory).load()[0].city == users[0].city)
    holder.release()
    try await save.value
    #expect(try await UserClient.live(directory: directory).load()[0].city == "Waited")

    let stuck = try LockHolder(FileLock.lockFile(for: usersFile))
    defer { stuck.release() }
    #expect(throws: FileLock.Failure.timedOut(lockFile: FileLock.lockFile(for: usersFile).path, waited: .zero)) {
      try FileLock.withExclusiveLock(on: usersFile, timeout: .zero) {}
    }
  }
}

/// Holds the exclusive lock on a file through its own descriptor until released.
///
/// Close-on-exec, so a process another test starts meanwhile does not inherit the lock and keep it after
/// `release`; taken without blocking, so no test thread waits in the kernel.
final class LockHolder: Sendable {
  private let descriptor: Int32

  init(_ url: URL) throws {
    descriptor = open(url.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
    guard descriptor >= 0, flock(descriptor, LOCK_EX | LOCK_NB) == 0 else { throw POSIXError(.EBUSY) }
  }

  func release() { close(descriptor) }
}
