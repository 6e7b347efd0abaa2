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

/// Rules every user client follows, so in-memory and live clients agree.
public enum UserDirectoryRules {
  /// The id for a new user: one more than the largest of `users` and `reserved` (ids held elsewhere, such as
  /// records a file could not read), starting at 1.
  public static func nextID(after users: [User], reserved: [Int] = []) -> User.ID {
    User.ID(max(users.lazy.map(\.id.rawValue).max() ?? 0, reserved.max() ?? 0) + 1)
  }

  /// The longest name a user may have, in characters.
  public static let maximumNameLength = 100
  /// The longest email address, in characters (the limit of the mail standards).
  public static let maximumEmailLength = 254
  /// The longest city name, in characters.
  public static let maximumCityLength = 100

  /// Replaces the stored version of `edited` in `users`, if it is still `original` (or already `edited`).
  ///
  /// The one rule of concurrent edits, for every client: an edit applies to the
  /// user as it was loaded; if someone else changed that user meanwhile, the edit
  /// is refused with the current version (`conflict`), never written over it.
  public static func apply(_ edited: User, editedFrom original: User, to users: inout [User]) throws {
    guard let index = users.firstIndex(where: { $0.id == edited.id }) else {
      throw UserClientError.notFound(edited.id)
    }
    let stored = users[index]
    guard stored == original || stored == edited else { throw UserClientError.conflict(current: stored) }
    try checkEmailIsFree(edited.email, among: users, except: edited.id)
    users[index] = edited
  }

  /// Throws `emailTaken` if a user other than `id` has `email` (compared without case or surrounding spaces).
  public static func checkEmailIsFree(_ email: String, among users: [User], except id: User.ID?) throws {
    let wanted = normalizedEmail(email)
    var wantedBytes = wanted
    // Compared in place, byte by byte: normalizing every stored email to compare it would cost a save time in
    // proportion to the directory.
    let owner = wantedBytes.withUTF8 { wantedUTF8 in
      users.first { $0.id != id && sameEmail($0.email, normalized: wanted, utf8: wantedUTF8) }
    }
    if let owner {
      throw UserClientError.emailTaken(email: email.trimmingCharacters(in: .whitespaces), by: owner.name)
    }
  }

  /// Whether `stored`, without surrounding spaces and case, is `normalized` (whose UTF-8 is `utf8`): ASCII is
  /// compared in place; anything else is normalized first.
  private static func sameEmail(_ stored: String, normalized: String, utf8 wanted: UnsafeBufferPointer<UInt8>) -> Bool {
    var stored = stored
    let answer: Bool? = stored.withUTF8 { bytes in
      var start = 0
      var end = bytes.count
      while start < end, bytes[start] == UInt8(ascii: " ") || bytes[start] == UInt8(ascii: "\t") { start += 1 }
      while end > start, bytes[end - 1] == UInt8(ascii: " ") || bytes[end - 1] == UInt8(ascii: "\t") { end -= 1 }
      guard end - start == wanted.count else {
        // A length that differs settles it, unless case mapping or Unicode spaces could change it.
        return bytes.contains { $0 >= 0x80 } ? nil : false
      }
      for offset in 0..<(end - start) {
        let byte = bytes[start + offset]
        guard byte < 0x80 else { return nil }
        let lower = (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
        if lower != wanted[offset] { return false }
      }
      return true
    }
    return answer ?? (normalizedEmail(stored) == normalized)
  }

  /// An email as its uniqueness is judged: without surrounding spaces, lowercased.
  public static func normalizedEmail(_ email: String) -> String {
    email.trimmingCharacters(in: .whitespaces).lowercased()
  }
}
