import Dependencies
import Foundation
import UserClientInterface

extension UserClient {
  /// The real directory: the users in `users.db` inside `directory` (see `UserDataFolder`: the sample users in a
  /// new folder, an earlier version's `users.json` imported once).
  ///
  /// Safe to use from several processes at once: each change is one SQLite
  /// transaction, and an edit of a user someone else changed since it was loaded
  /// is refused. `onSkippedRecords` hears of the records of an imported
  /// `users.json` that are not valid users (left out; the kept file has them).
  /// `latency` makes every operation that slow (a slow disk, to watch loading
  /// and saving): a read waits first, a write holds the lock that long. With a
  /// `watcher`, `changesElsewhere` tells of other processes' changes; without
  /// one it tells of none (a scripted run stays reproducible). `readOnly` reads the folder without writing
  /// anything in it, and refuses every change (as in a folder this process cannot write).
  public static func live(
    directory: URL, latency: Duration = .zero,
    onSkippedRecords: @escaping @Sendable ([SkippedRecord]) -> Void = { _ in },
    watcher: UserDatabaseWatcher? = nil, readOnly: Bool = false
  ) -> UserClient {
    let folder = UserDataFolder(
      directory: directory, latency: latency, readOnly: readOnly, onSkippedRecords: onSkippedRecords)
    return UserClient(
      reading: { try await folder.forReading() }, writing: { try await folder.database() },
      changesElsewhere: {
        guard let watcher else { return AsyncStream { $0.finish() } }
        return watcher.changes(to: try await folder.readable())
      })
  }

  /// A client whose reads and writes go to the database `reading` and `writing` give (the same one, opened once;
  /// a read may wait first, as a slow disk would).
  init(
    reading: @escaping @Sendable () async throws -> UserDatabase,
    writing: @escaping @Sendable () async throws -> UserDatabase,
    changesElsewhere: @escaping @Sendable () async throws -> AsyncStream<Void> = { AsyncStream { $0.finish() } }
  ) {
    self.init(
      load: { try await reading().all() },
      page: { try await reading().page($0) },
      user: { try await reading().user($0) },
      add: { try await writing().add($0) },
      update: { try await writing().update($0, from: $1) },
      delete: { try await writing().delete($0) },
      changesElsewhere: changesElsewhere)
  }
}

extension UserClient: DependencyKey {
  /// The database-backed client in the default data directory (the shell passes `--data-dir` explicitly).
  public static var liveValue: UserClient { .live(directory: DataDirectory.resolve()) }
}
