import Foundation

/// Failures a user client reports; each says what happened and where.
public enum UserClientError: Error, Equatable, CustomStringConvertible {
  /// No user has this id (deleted meanwhile).
  case notFound(User.ID)
  /// The data file could not be decoded; it was moved aside.
  case corruptFile(path: String, movedTo: String?, reason: String)
  /// The data file could not be read or written.
  case io(path: String, reason: String)
  /// Another user already has this email address.
  case emailTaken(email: String, by: String)
  /// The user was changed by someone else since it was loaded; `current` is how it is stored now.
  case conflict(current: User)
  /// Nothing can be written in the data folder at `folder` (read-only, or a full disk): `reason` says why.
  case cannotWrite(folder: String, reason: String)

  /// One line for the user.
  public var description: String {
    switch self {
    case let .notFound(id):
      return "User \(id) is no longer in the directory; another session may have deleted it."
    case let .corruptFile(path, movedTo, reason):
      let kept = movedTo.map { "; it was kept at \($0)" } ?? ""
      return "The users file \(path) could not be read (\(reason))\(kept)."
    case let .io(path, reason):
      return "The users file \(path) could not be accessed: \(reason)."
    case let .emailTaken(email, name):
      return "\(email) is already the email of \(name)."
    case let .conflict(current):
      return "\(current.name) was changed in another session since you opened it; nothing was saved."
    case let .cannotWrite(folder, reason):
      return "Nothing can be saved in the data folder \(folder) (\(reason)): the users can be browsed, searched "
        + "and exported, not changed."
    }
  }
}

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
