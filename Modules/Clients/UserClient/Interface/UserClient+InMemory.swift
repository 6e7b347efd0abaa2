import Foundation

extension UserClient {
  /// A client over users held in memory (previews, examples, tests that want real behaviour).
  public static func inMemory(_ users: [User]) -> UserClient {
    let directory = InMemoryDirectory(users)
    return UserClient(
      load: { directory.users },
      page: { directory.page($0) },
      user: { try directory.user($0) },
      add: { try directory.add($0) },
      update: { try directory.update($0, from: $1) },
      delete: { try directory.delete($0) })
  }
}

/// Users in memory behind a lock.
private final class InMemoryDirectory: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: [User]

  init(_ users: [User]) { stored = users }

  var users: [User] { lock.withLock { stored } }

  func page(_ query: UserQuery) -> UserPage { query.answer(over: users) }

  func user(_ id: User.ID) throws -> User {
    guard let user = lock.withLock({ stored.first { $0.id == id } }) else { throw UserClientError.notFound(id) }
    return user
  }

  func add(_ new: NewUser) throws -> User {
    try lock.withLock {
      try UserDirectoryRules.checkEmailIsFree(new.email, among: stored, except: nil)
      let user = User(id: UserDirectoryRules.nextID(after: stored), name: new.name, email: new.email, city: new.city)
      stored.append(user)
      return user
    }
  }

  func update(_ user: User, from original: User) throws {
    try lock.withLock { try UserDirectoryRules.apply(user, editedFrom: original, to: &stored) }
  }

  func delete(_ id: User.ID) throws {
    try lock.withLock {
      guard let index = stored.firstIndex(where: { $0.id == id }) else { throw UserClientError.notFound(id) }
      stored.remove(at: index)
    }
  }
}
