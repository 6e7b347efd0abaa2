import Dependencies
import Foundation
import UserClientInterface

extension UserClient {
  /// The real directory: users in `users.json` inside `directory`, seeded with sample users on first run.
  ///
  /// Safe to use from several processes at once (see `UserFileStore`). A record that is not a valid user, or
  /// that repeats an earlier record's id, is left out of every load and kept in the file unchanged;
  /// `onSkippedRecords` hears of each read that skipped some, so the app can say which and why. `latency`
  /// makes every operation that slow (a slow disk, to watch loading and saving), inside the lock for writes.
  /// With a `watcher`, `changesElsewhere` tells of other processes' changes to the file; without one it tells
  /// of none (a scripted run stays reproducible).
  public static func live(
    directory: URL, latency: Duration = .zero,
    onSkippedRecords: @escaping @Sendable ([SkippedRecord]) -> Void = { _ in },
    watcher: UserFileWatcher? = nil
  ) -> UserClient {
    let store = UserFileStore(
      fileURL: directory.appendingPathComponent("users.json"), latency: latency, onSkippedRecords: onSkippedRecords)
    return UserClient(
      load: { try await store.load() },
      add: { try await store.add($0) },
      update: { try await store.update($0, from: $1) },
      delete: { try await store.delete($0) },
      changesElsewhere: {
        guard let watcher else { return AsyncStream { $0.finish() } }
        return await watcher.changes(to: store)
      })
  }
}

extension UserClient: DependencyKey {
  /// The file-backed client in the default data directory (the shell passes `--data-dir` explicitly).
  public static var liveValue: UserClient { .live(directory: DataDirectory.resolve()) }
}
