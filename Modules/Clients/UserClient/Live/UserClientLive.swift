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
  /// one it tells of none (a scripted run stays reproducible).
  public static func live(
    directory: URL, latency: Duration = .zero,
    onSkippedRecords: @escaping @Sendable ([SkippedRecord]) -> Void = { _ in },
    watcher: UserDatabaseWatcher? = nil
  ) -> UserClient {
    let folder = UserDataFolder(directory: directory, latency: latency, onSkippedRecords: onSkippedRecords)
    return UserClient(
      load: { try await folder.forReading().all() },
      page: { try await folder.forReading().page($0) },
      user: { try await folder.forReading().user($0) },
      add: { try await folder.database().add($0) },
      update: { try await folder.database().update($0, from: $1) },
      delete: { try await folder.database().delete($0) },
      changesElsewhere: {
        guard let watcher else { return AsyncStream { $0.finish() } }
        return watcher.changes(to: try await folder.database())
      })
  }
}

extension UserClient: DependencyKey {
  /// The database-backed client in the default data directory (the shell passes `--data-dir` explicitly).
  public static var liveValue: UserClient { .live(directory: DataDirectory.resolve()) }
}
