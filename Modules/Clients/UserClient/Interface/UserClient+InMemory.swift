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

  /// One line for the user.
  public var description: String {
    switch self {
    case let .notFound(id):
      return "No user with id \(id)."
    case let .corruptFile(path, movedTo, reason):
      let kept = movedTo.map { "; it was kept at \($0)" } ?? ""
      return "The users file \(path) could not be read (\(reason))\(kept)."
    case let .io(path, reason):
      return "The users file \(path) could not be accessed: \(reason)."
    case let .emailTaken(email, name):
      return "\(email) is already the email of \(name)."
    }
  }
}

extension UserClient {
  /// A client over users held in memory (previews, examples, tests that want real behaviour).
  public static func inMemory(_ users: [User]) -> UserClient {
    let directory = InMemoryDirectory(users)
    return UserClient(
      load: { directory.users },
      add: { try directory.add($0) },
      update: { try directory.update($0) },
      delete: { try directory.delete($0) })
  }
}

/// Users in memory behind a lock.
private final class InMemoryDirectory: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: [User]

  init(_ users: [User]) { stored = users }

  var users: [User] { lock.withLock { stored } }

  func add(_ new: NewUser) throws -> User {
    try lock.withLock {
      try UserDirectoryRules.checkEmailIsFree(new.email, among: stored, except: nil)
      let user = User(id: UserDirectoryRules.nextID(after: stored), name: new.name, email: new.email, city: new.city)
      stored.append(user)
      return user
    }
  }

  func update(_ user: User) throws {
    try lock.withLock {
      guard let index = stored.firstIndex(where: { $0.id == user.id }) else { throw UserClientError.notFound(user.id) }
      try UserDirectoryRules.checkEmailIsFree(user.email, among: stored, except: user.id)
      stored[index] = user
    }
  }

  func delete(_ id: User.ID) throws {
    try lock.withLock {
      guard let index = stored.firstIndex(where: { $0.id == id }) else { throw UserClientError.notFound(id) }
      stored.remove(at: index)
    }
  }
}

/// Rules every user client follows, so in-memory and live clients agree.
public enum UserDirectoryRules {
  /// The id for a new user: one more than the largest, starting at 1.
  public static func nextID(after users: [User]) -> User.ID {
    User.ID((users.map(\.id.rawValue).max() ?? 0) + 1)
  }

  /// What every screen asks before deleting `user`: one wording wherever a delete starts.
  public static func deleteConfirmation(for user: User) -> (title: String, message: String) {
    ("Delete \(user.name)?", "This removes \(user.name) from the directory for good.")
  }

  /// The longest name a user may have, in characters.
  public static let maximumNameLength = 100
  /// The longest email address, in characters (the limit of the mail standards).
  public static let maximumEmailLength = 254
  /// The longest city name, in characters.
  public static let maximumCityLength = 100

  /// Throws `emailTaken` if a user other than `id` has `email` (compared without case or surrounding spaces).
  public static func checkEmailIsFree(_ email: String, among users: [User], except id: User.ID?) throws {
    let wanted = normalizedEmail(email)
    if let owner = users.first(where: { $0.id != id && normalizedEmail($0.email) == wanted }) {
      throw UserClientError.emailTaken(email: email.trimmingCharacters(in: .whitespaces), by: owner.name)
    }
  }

  private static func normalizedEmail(_ email: String) -> String {
    email.trimmingCharacters(in: .whitespaces).lowercased()
  }
}
