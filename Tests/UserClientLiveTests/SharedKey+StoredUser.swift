import Dependencies
import Foundation
import Sharing
import UserClientInterface

// The example key of docs/shared-state.md ("A key that talks to something slow"): kept with its tests, since the
// app loads users through its screens' effects.

extension SharedKey where Value == User {
  /// The user with `id` as the directory keeps it, loaded and saved through `UserClient` (a database on another
  /// thread, a server): a `Shared` of it is loading (`isLoading`) until the client answers, a load that fails
  /// shows in `loadError`, and a save the client refuses (someone else changed the user meanwhile) in
  /// `saveError`, the edit kept in memory. The client is the one in effect where the `Shared` is made.
  static func storedUser(_ id: User.ID) -> Self {
    let client = DependencyValues.current[UserClient.self]
    return SharedKey(id: "user:\(id)") { _ in StoredUserPersistence(id: id, client: client) }
  }
}

/// Keeps one user through `UserClient`: each load and save is a request that answers later.
final class StoredUserPersistence: SharedPersistence, @unchecked Sendable {
  let id: User.ID
  let client: UserClient
  private let lock = NSLock()
  /// The user as the client last gave or took it: what an edit is made on (`update(edited, original)`).
  private var lastKnown: User?
  /// The save in flight: the next waits for it, so each is made on what the one before stored.
  private var lastSave: Task<Void, Never>?

  init(id: User.ID, client: UserClient) {
    self.id = id
    self.client = client
  }

  func load(context: SharedLoadContext<User>, continuation: SharedLoadContinuation<User>) {
    Task {
      do {
        let user = try await client.user(id)
        lock.withLock { lastKnown = user }
        continuation.resume(returning: user)
      } catch UserClientError.notFound {
        continuation.resumeReturningInitialValue()
      } catch {
        continuation.resume(throwing: error)
      }
    }
  }

  func save(_ value: User, context: SharedSaveContext, continuation: SharedSaveContinuation) {
    lock.withLock {
      let previous = lastSave
      lastSave = Task {
        await previous?.value
        guard let original = lock.withLock({ lastKnown }) else {
          continuation.resume(throwing: UserClientError.notFound(id))
          return
        }
        do {
          try await client.update(value, original)
          lock.withLock { lastKnown = value }
          continuation.resume()
        } catch {
          continuation.resume(throwing: error)
        }
      }
    }
  }

  var status: SharedPersistenceStatus { .loaded }
}
