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

extension UserClientError {
  /// What the user can do about this failure when the client knows better than a screen's general advice ("check
  /// the data folder"): a file moved aside, a full disk. Nil otherwise.
  public var suggestion: String? {
    switch self {
    case let .corruptFile(_, movedTo?, _):
      return "Retry to start a new, empty directory in its place; the old file stays at \(movedTo)."
    case .cannotWrite(_, "the disk is full"), .io(_, "the disk is full"):
      return "Free some space on the disk, then retry."
    default:
      return nil
    }
  }
}
