import Foundation
import Sharing
import UserClientInterface

/// Moves a data folder's users to and from JSON files in the format of `users.json` (one user per line), so a
/// directory can still be moved, diffed and seeded: `users export FILE` and `users import FILE`.
public enum UserDirectoryTransfer {
  /// What an import did: how many users it wrote, and the records of the file that are not valid users.
  public struct ImportReport: Equatable, Sendable {
    /// The users written.
    public let imported: Int
    /// The records left out (each with its position and why).
    public let skipped: [SkippedRecord]
  }

  /// Why an import wrote nothing.
  public struct ImportRefusal: Error, Equatable, CustomStringConvertible {
    /// One line for people.
    public let description: String
  }

  /// Writes every user of the folder at `directory`, in id order, to `file` (replaced whole, atomically), or
  /// through `write` when `file` is nil (standard output); returns how many.
  public static func export(
    directory: URL, to file: URL?, write: (String) -> Void = { _ in }
  ) async throws -> Int {
    // For reading: a file found damaged or another program's (and kept aside) is said, not exported as empty.
    let users = try await UserDataFolder(
      directory: directory, latency: .zero, seedsSampleUsers: false, onSkippedRecords: { _ in }
    )
    .forReading().all()
    if let file {
      do {
        try AtomicFile.write(to: file) { sink in try UsersJSONWriter.write(users, to: sink) }
      } catch {
        throw UserClientError.io(path: file.path, reason: FileProblem.describe(error, at: file))
      }
    } else {
      var bytes: [UInt8] = []
      try UsersJSONWriter.write(users) { bytes.append(contentsOf: $0) }
      write(String(decoding: bytes, as: UTF8.self))
    }
    return users.count
  }

  /// Adds the users of the JSON `file` to the folder at `directory` with their ids, in one transaction; with
  /// `replacing`, the file's users replace the directory's instead.
  ///
  /// Without `replacing`, nothing is written if a user of the file has the id
  /// of a user already there, or an email another user has (the rules of
  /// adding): the refusal names them. Records that are not valid users are left
  /// out and reported.
  public static func importUsers(from file: URL, into directory: URL, replacing: Bool) async throws
    -> ImportReport
  {
    let data: Data
    do {
      data = try Data(contentsOf: file)
    } catch {
      throw UserClientError.io(path: file.path, reason: FileProblem.describe(error, at: file))
    }
    let users: [User]
    let skipped: [SkippedRecord]
    do {
      (users, skipped) = try UsersJSONFile.users(in: data, from: file)
    } catch {
      throw ImportRefusal(description: "\(file.path) is not a list of users: \(error.reason).")
    }
    // As for reading: a file found damaged or another program's (and kept aside) is said before anything is added.
    let database = try await UserDataFolder(
      directory: directory, latency: .zero, seedsSampleUsers: false, onSkippedRecords: { _ in }
    )
    .forReading()
    try database.importUsers(users, replacing: replacing)
    return ImportReport(imported: users.count, skipped: skipped)
  }
}

extension UserDatabase {
  /// Writes `users` with their ids in one transaction: over the directory's users if `replacing`, else beside
  /// them, refusing (writing nothing) an id already used or an email another user has.
  func importUsers(_ users: [User], replacing: Bool) throws {
    try writing {
      if replacing {
        try deleteAll()
      } else {
        var usedIDs: [User.ID] = []
        var takenEmails: [(email: String, by: String)] = []
        for user in users {
          if try exists(user.id) { usedIDs.append(user.id) }
          if let owner = try owner(ofEmail: user.email) { takenEmails.append((user.email, owner)) }
        }
        if !usedIDs.isEmpty || !takenEmails.isEmpty {
          var reasons: [String] = []
          if !usedIDs.isEmpty {
            let listed = usedIDs.prefix(5).map(\.description).joined(separator: ", ")
            reasons.append("\(usedIDs.count) of its ids are already used (\(listed)\(usedIDs.count > 5 ? ", …" : ""))")
          }
          if let first = takenEmails.first {
            reasons.append(
              "\(takenEmails.count) of its emails are taken (\(first.email) is \(first.by)'s"
                + (takenEmails.count > 1 ? ", …)" : ")"))
          }
          throw UserDirectoryTransfer.ImportRefusal(
            description: "Nothing was imported: " + reasons.joined(separator: "; ")
              + ". 'users import FILE --replace' replaces the directory with the file instead.")
        }
      }
      try insertRows(users)
    }
  }
}
