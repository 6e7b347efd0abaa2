import ComposableTesting
import Foundation
import Sharing
import Testing
import UserClientInterface
import UserClientLive

/// `SharedKey.storedUser`, the example key of docs/shared-state.md: a shared user loaded and saved through the
/// live client on a slow disk (every read waits, every write holds the lock, as `users --latency` does).
struct StoredUserKeyTests {
  private let directory = FileManager.default.temporaryDirectory
    .appendingPathComponent("StoredUserKeyTests-\(UUID().uuidString)")

  private func cleanUp() { try? FileManager.default.removeItem(at: directory) }

  private static let placeholder = User(id: 0, name: "…", email: "")

  /// The key made where `client` is the directory, in a storage of its own (a new run of the app).
  private func shared(_ id: User.ID, client: UserClient) -> Shared<User> {
    withDependencies({
      $0[UserClient.self] = client
      $0.sharedStorage = SharedStorage(fileSystem: .inMemory())
    }) {
      Shared(wrappedValue: Self.placeholder, .storedUser(id))
    }
  }

  @Test func theUserIsLoadingUntilTheSlowClientAnswersThenEditsAreSaved() async throws {
    defer { cleanUp() }
    let client = UserClient.live(directory: directory, latency: .milliseconds(150))
    let stored = try await UserClient.live(directory: directory).user(1)
    let user = shared(1, client: client)
    #expect(user.isLoading, "the read waits 150 ms first")
    #expect(user.wrappedValue == Self.placeholder)
    try await waitUntil { !user.isLoading }
    #expect(user.wrappedValue == stored)
    #expect(user.loadError == nil)

    user.withLock { $0.name = "Ada Byron" }
    try await user.save()
    #expect(try await UserClient.live(directory: directory).user(1).name == "Ada Byron")
    #expect(user.saveError == nil)
  }

  @Test func aSaveRefusedBecauseSomeoneElseChangedTheUserShowsInSaveErrorAndLoadFollowsThem() async throws {
    defer { cleanUp() }
    let client = UserClient.live(directory: directory, latency: .milliseconds(50))
    let user = shared(1, client: client)
    try await waitUntil { !user.isLoading }
    let theirs = UserClient.live(directory: directory)
    let original = try await theirs.user(1)
    var changed = original
    changed.email = "theirs@example.com"
    try await theirs.update(changed, original)

    user.withLock { $0.name = "Mine" }
    await #expect(throws: UserClientError.conflict(current: changed)) { try await user.save() }
    #expect(user.saveError as? UserClientError == .conflict(current: changed))
    #expect(user.wrappedValue.name == "Mine", "the edit stays in memory")

    try await user.load()
    #expect(user.wrappedValue == changed)
    #expect(!user.isLoading)
  }

  @Test func requiringAUserNobodyHasThrowsNotFound() async throws {
    defer { cleanUp() }
    let client = UserClient.live(directory: directory, latency: .milliseconds(50))
    try await withDependencies({
      $0[UserClient.self] = client
      $0.sharedStorage = SharedStorage(fileSystem: .inMemory())
    }) {
      await #expect(throws: SharedLoadError.notFound(key: "user:999")) {
        try await Shared(require: .storedUser(999))
      }
      let first = try await Shared(require: .storedUser(1))
      #expect(first.wrappedValue.id == 1)
    }
  }

  /// Waits until `condition` holds, checking every 10 ms for at most 5 s.
  private func waitUntil(_ condition: () -> Bool) async throws {
    for _ in 0..<500 where !condition() { try await Task.sleep(for: .milliseconds(10)) }
    #expect(condition())
  }
}
