import Dependencies
import Foundation
import UserClient

extension UserClient {
  /// The real directory: users in `users.json` inside `directory`, seeded with sample users on first run.
  ///
  /// A record that is not a valid user is left out of every load and kept in the file unchanged;
  /// `onSkippedRecords` hears of each read that skipped some, so the app can say which and why.
  public static func live(
    directory: URL, onSkippedRecords: @escaping @Sendable ([SkippedRecord]) -> Void = { _ in }
  ) -> UserClient {
    let store = UserFileStore(
      fileURL: directory.appendingPathComponent("users.json"), onSkippedRecords: onSkippedRecords)
    return UserClient(
      load: { try await store.load() },
      add: { try await store.add($0) },
      update: { try await store.update($0) },
      delete: { try await store.delete($0) })
  }
}

extension UserClient: DependencyKey {
  /// The file-backed client in the default data directory (the shell passes `--data-dir` explicitly).
  public static var liveValue: UserClient { .live(directory: DataDirectory.resolve()) }
}
