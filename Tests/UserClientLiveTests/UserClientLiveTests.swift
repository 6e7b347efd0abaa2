import ComposableTesting
import Foundation
import Testing
import UserClientInterface
import UserClientLive

struct UserClientLiveTests {
  private let directory = FileManager.default.temporaryDirectory
    .appendingPathComponent("UserClientLiveTests-\(UUID().uuidString)")
  /// The file of earlier versions, imported at the first use.
  private var file: URL { directory.appendingPathComponent("users.json") }
  /// The database.
  private var database: URL { directory.appendingPathComponent("users.db") }

  private func cleanUp() { try? FileManager.default.removeItem(at: directory) }

  @Test func theFirstRunSeedsAndLaterRunsReadTheFile() async throws {
    defer { cleanUp() }
    let users = try await UserClient.live(directory: directory).load()
    #expect(users == SampleUsers.all)
    #expect(users.count >= 24)
    let added = try await UserClient.live(directory: directory).add(NewUser(name: "New", email: "new@example.com"))
    #expect(added.id == User.ID(SampleUsers.all.count + 1))
    let reloaded = try await UserClient.live(directory: directory).load()
    #expect(reloaded.last == added)
  }

  @Test func anyTextIsStoredAndReadBackAsItWas() async throws {
    defer { cleanUp() }
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    try Data("[]".utf8).write(to: file)
    let client = UserClient.live(directory: directory)
    let tricky = [
      NewUser(name: #"Quote " and \ back"#, email: "q@example.com", city: "Tab\tand\nnewline"),
      NewUser(name: "Zoë 中 😀", email: "z@example.com", city: "\u{1}\u{1F}"),
      NewUser(name: "'; DROP TABLE users; --", email: "p@example.com"),
    ]
    var added: [User] = []
    for new in tricky { added.append(try await client.add(new)) }
    #expect(try await UserClient.live(directory: directory).load() == added)
    #expect(try await UserClient.live(directory: directory).page(UserQuery(search: "中 😀")).users == [added[1]])
    try await client.delete(1)
    try await client.delete(2)
    try await client.delete(3)
    #expect(try await UserClient.live(directory: directory).load() == [])
  }

  @Test func aWatcherTellsOfAnotherProcessesSavesAndNeverOfItsOwn() async throws {
    defer { cleanUp() }
    let watcher = UserDatabaseWatcher()
    defer { watcher.stop() }
    // This process's saves take 0.4 s inside the lock; another process on the same folder takes 0.5 s.
    let mine = UserClient.live(directory: directory, latency: .milliseconds(400), watcher: watcher)
    let theirs = UserClient.live(directory: directory, latency: .milliseconds(500))
    _ = try await mine.load()
    let told = LockIsolated(0)
    let changes = try await mine.changesElsewhere()
    let listener = Task { for await _ in changes { told.withValue { $0 += 1 } } }
    defer { listener.cancel() }

    // Its own save is not news.
    _ = try await mine.add(NewUser(name: "Mine", email: "mine@example.com"))
    try await Task.sleep(for: .milliseconds(1_300))
    #expect(told.value == 0)

    // The other's save is, within a second.
    _ = try await theirs.add(NewUser(name: "Theirs", email: "theirs@example.com"))
    try await waitUntil(within: .seconds(2)) { told.value == 1 }
    #expect(told.value == 1)

    // The other's save while this process's own waits for the lock: theirs is told (it landed), this one's not.
    let other = Task { try await theirs.add(NewUser(name: "Later", email: "later@example.com")) }
    try await Task.sleep(for: .milliseconds(100))
    let own = Task { try await mine.add(NewUser(name: "Mine too", email: "mine2@example.com")) }
    _ = try await own.value
    _ = try await other.value
    try await waitUntil(within: .seconds(2)) { told.value == 2 }
    try await Task.sleep(for: .milliseconds(600))
    #expect(told.value == 2)
  }

  @Test func oneReaderServesEveryFollowerHearsCommitsByTheirFileEventsAndStopsWithTheLast() async throws {
    defer { cleanUp() }
    // A safety-net poll far slower than the test: what is told in time came from the file events.
    let watcher = UserDatabaseWatcher(safetyNet: .seconds(60))
    defer { watcher.stop() }
    let mine = UserClient.live(directory: directory, watcher: watcher)
    let theirs = UserClient.live(directory: directory)
    _ = try await mine.load()
    _ = try await theirs.load()
    #expect(!watcher.isWatching, "no one follows yet")

    // The list, a user and the form of one session follow at once.
    let told = LockIsolated([0, 0, 0])
    var listeners: [Task<Void, Never>] = []
    for screen in 0..<3 {
      let changes = try await mine.changesElsewhere()
      listeners.append(Task { for await _ in changes { told.withValue { $0[screen] += 1 } } })
    }
    #expect(watcher.isWatching)
    let (readsBefore, eventsBefore) = (watcher.versionReads, watcher.fileEvents)
    _ = try await theirs.add(NewUser(name: "Theirs", email: "theirs@example.com"))
    try await waitUntil(within: .seconds(3)) { told.value == [1, 1, 1] }
    #expect(told.value == [1, 1, 1], "each screen is told once, well before the poll")

    // Idle: nothing changes, so nothing is read (the poll is a minute away). The commit's last file events and
    // their second look (150 ms after each) may still land on a busy machine; they are let settle first.
    try await Task.sleep(for: .milliseconds(600))
    // Each event of the commit reads the version once for all three screens (and once more 150 ms later, at most),
    // not once per screen: three screens reading on their own would make at least three reads an event.
    let (readsForTheCommit, events) = (watcher.versionReads - readsBefore, watcher.fileEvents - eventsBefore)
    #expect(events >= 1)
    #expect(readsForTheCommit >= 1 && readsForTheCommit <= 2 * events, "\(readsForTheCommit) reads, \(events) events")
    let idleReads = watcher.versionReads
    try await Task.sleep(for: .milliseconds(1_000))
    #expect(watcher.versionReads == idleReads)

    for listener in listeners { listener.cancel() }
    try await waitUntil(within: .seconds(2)) { !watcher.isWatching }
    #expect(!watcher.isWatching, "the last follower gone, nothing watches")
  }

  /// Polls `condition` every 20 ms until it holds or `limit` passes.
  private func waitUntil(within limit: Duration, _ condition: () -> Bool) async throws {
    let deadline = ContinuousClock.now + limit
    while !condition(), ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(20)) }
  }

  @Test func updatesAndDeletesPersist() async throws {
    defer { cleanUp() }
    let client = UserClient.live(directory: directory)
    let loaded = try await client.load()[0]
    var first = loaded
    first.city = "Paris"
    try await client.update(first, loaded)
    try await client.delete(2)
    let reloaded = try await UserClient.live(directory: directory).load()
    #expect(reloaded[0].city == "Paris")
    #expect(!reloaded.contains { $0.id == 2 })
    await #expect(throws: UserClientError.notFound(2)) { try await client.delete(2) }
  }

  @Test func anEmailAnotherUserHasIsRefusedAndTheFileIsUnchanged() async throws {
    defer { cleanUp() }
    let client = UserClient.live(directory: directory)
    let users = try await client.load()
    let shouted = users[0].email.uppercased()
    await #expect(throws: UserClientError.emailTaken(email: shouted, by: users[0].name)) {
      try await client.add(NewUser(name: "Copy", email: shouted))
    }
    var second = users[1]
    second.email = " \(users[0].email) "
    await #expect(throws: UserClientError.emailTaken(email: users[0].email, by: users[0].name)) {
      try await client.update(second, users[1])
    }
    #expect(try await UserClient.live(directory: directory).load() == users)
  }

  @Test func anEarlierVersionsFileIsImportedOnceAndKeptWithItsBadRecords() async throws {
    defer { cleanUp() }
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let records =
      #"[{"id":1,"name":"Ada","email":"ada@example.com","city":"London"},"#
      + #"{"id":2,"email":"b@example.com","city":""},{"id":3,"name":null,"email":"c@example.com","city":""},"#
      + #"{"id":"four","name":"D","email":"d@example.com","city":""},7,"#
      + #"{"id":9,"name":"Grace","email":"grace@example.com","city":""},"#
      + #"{"id":1,"name":"Ada Copy","email":"copy@example.com","city":""}]"#
    try Data(records.utf8).write(to: file)
    let reported = LockedRecords()
    let client = UserClient.live(directory: directory, onSkippedRecords: { reported.append($0) })
    let users = try await client.load()
    #expect(users.map(\.name) == ["Ada", "Grace"])
    #expect(reported.all.map(\.position) == [2, 3, 4, 5, 7])
    #expect(reported.all[0].reason == "the field 'name' is missing")
    #expect(reported.all[1].reason == "the field 'name' is null")
    #expect(reported.all[2].reason == "the field 'id' is not a whole number")
    #expect(reported.all[4].reason == "its id 1 is also the id of record 1, which is the one shown")
    // The file is kept, bad records and all, under a name that is not imported again.
    #expect(!FileManager.default.fileExists(atPath: file.path))
    #expect(try String(contentsOf: directory.appendingPathComponent("users.json.imported"), encoding: .utf8) == records)
    #expect(!FileManager.default.fileExists(atPath: file.path + ".corrupt"))
    // New users take ids after the largest.
    #expect(try await client.add(NewUser(name: "New", email: "new@example.com")).id == 10)
    let again = LockedRecords()
    #expect(try await UserClient.live(directory: directory, onSkippedRecords: { again.append($0) }).load().count == 3)
    #expect(again.all.isEmpty)
  }

  @Test func aDatabaseLeftHalfMadeByACrashIsDiscardedAndMadeAgain() async throws {
    defer { cleanUp() }
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    try JSONEncoder().encode([SampleUsers.all[0]]).write(to: file)
    // What a start killed while it imported leaves: a partial database under its temporary name, the file kept.
    try Data(repeating: 7, count: 4096).write(to: directory.appendingPathComponent("users.db.new"))
    try Data(repeating: 7, count: 100).write(to: directory.appendingPathComponent("users.db.new-journal"))
    #expect(try await UserClient.live(directory: directory).load() == [SampleUsers.all[0]])
    let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
    #expect(!names.contains { $0.hasPrefix("users.db.new") })
    #expect(names.contains("users.json.imported"))
  }

  @Test func twoClientsOpeningANewFolderAtOnceMakeItOnce() async throws {
    defer { cleanUp() }
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    try JSONEncoder().encode(SampleUsers.all).write(to: file)
    async let first = UserClient.live(directory: directory).load()
    async let second = UserClient.live(directory: directory).load()
    let (one, two) = try await (first, second)
    #expect(one == SampleUsers.all)
    #expect(two == SampleUsers.all)
    let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
    #expect(!names.contains("users.db.new"))
    #expect(names.contains("users.json.imported"))
  }

  @Test func aDamagedDatabaseIsKeptAsideAndTheDirectoryStartsEmpty() async throws {
    defer { cleanUp() }
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let garbage = Data(repeating: 0x41, count: 8192)
    try garbage.write(to: database)
    let client = UserClient.live(directory: directory)
    do {
      _ = try await client.page(UserQuery())
      Issue.record("a damaged database must be said")
    } catch let UserClientError.corruptFile(path, movedTo, reason) {
      #expect(path == database.path)
      #expect(movedTo == database.path + ".corrupt")
      #expect(reason.contains("not a database"))
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: database.path + ".corrupt")) == garbage)
    // Said once; then an empty directory, not the sample users over the user's lost data.
    #expect(try await client.page(UserQuery()) == .empty)
    #expect(try await client.add(NewUser(name: "Ada", email: "ada@example.com")).id == 1)
  }

  @Test func aCorruptFileIsAClearErrorAndIsKeptAside() async throws {
    defer { cleanUp() }
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let garbage = Data("[{\"id\": 1, \"name\": ".utf8)
    try garbage.write(to: file)
    let client = UserClient.live(directory: directory)
    do {
      _ = try await client.load()
      Issue.record("a corrupt file must not load")
    } catch let UserClientError.corruptFile(path, movedTo, _) {
      #expect(path == file.path)
      #expect(movedTo == file.path + ".corrupt")
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: file.path + ".corrupt")) == garbage)
    // Trying again starts an empty directory instead of seeding over the user's lost data.
    #expect(try await client.load().isEmpty)
    #expect(try Data(contentsOf: URL(fileURLWithPath: file.path + ".corrupt")) == garbage)
  }

  @Test func anUnwritableFolderIsAClearErrorAndChangesNothing() async throws {
    defer {
      try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: directory.path)
      cleanUp()
    }
    let client = UserClient.live(directory: directory)
    let before = try await client.load()
    try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: directory.path)
    try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: database.path)
    defer { try? FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: database.path) }
    guard !FileManager.default.isWritableFile(atPath: database.path) else { return }  // running as root
    await #expect(throws: UserClientError.self) {
      try await UserClient.live(directory: directory).add(NewUser(name: "X", email: "x@example.com"))
    }
    #expect(try await client.load() == before)
  }

  @Test func aDataDirectoryThatCannotBeCreatedIsAClearError() async throws {
    defer { cleanUp() }
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let blocker = directory.appendingPathComponent("not-a-folder")
    try Data("x".utf8).write(to: blocker)
    let client = UserClient.live(directory: blocker.appendingPathComponent("data"))
    do {
      _ = try await client.load()
      Issue.record("loading under a file must fail")
    } catch let UserClientError.io(path, reason) {
      #expect(path.hasSuffix("not-a-folder/data/users.db"))
      #expect(reason == "\(blocker.path) is a file, not a folder")
    }
    #expect(try Data(contentsOf: blocker) == Data("x".utf8))
  }

  @Test func theDataDirectoryComesFromTheOptionThenTheEnvironmentThenThePlatform() {
    #expect(DataDirectory.resolve(explicit: "/tmp/a", environment: ["USERS_DATA_DIR": "/tmp/b"]).path == "/tmp/a")
    #expect(DataDirectory.resolve(explicit: nil, environment: ["USERS_DATA_DIR": "/tmp/b"]).path == "/tmp/b")
    #if !os(macOS)
      #expect(DataDirectory.resolve(environment: ["XDG_DATA_HOME": "/tmp/xdg"]).path == "/tmp/xdg/users")
      #expect(DataDirectory.resolve(environment: ["HOME": "/home/ada"]).path == "/home/ada/.local/share/users")
    #endif
  }
}

/// Skipped records reported from the store's actor.
private final class LockedRecords: @unchecked Sendable {
  private let lock = NSLock()
  private var records: [SkippedRecord] = []
  func append(_ new: [SkippedRecord]) { lock.withLock { records += new } }
  var all: [SkippedRecord] { lock.withLock { records } }
}
