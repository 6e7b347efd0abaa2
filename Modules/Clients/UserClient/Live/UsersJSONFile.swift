import Foundation
import Sharing
import UserClientInterface

/// A `users.json` file, the format of earlier versions and of `users export`: read whole, every record that is a
/// valid user kept and every other one reported (its position and why), never trapping on a bad file.
struct UsersJSONFile {
  let fileURL: URL

  /// The file's users and skipped records; a file that is not a list of users is moved aside
  /// (`users.json.corrupt`) and said as `corruptFile`.
  func read() throws -> (users: [User], skipped: [SkippedRecord]) {
    let data: Data
    do {
      data = try Data(contentsOf: fileURL)
    } catch {
      throw UserClientError.io(path: fileURL.path, reason: Self.describe(error, at: fileURL))
    }
    do {
      return try Self.users(in: data, from: fileURL)
    } catch {
      let movedTo = moveAside()
      throw UserClientError.corruptFile(path: fileURL.path, movedTo: movedTo?.path, reason: error.reason)
    }
  }

  /// The users in `data` read from `url`, and the records skipped: invalid ones, and later ones reusing an earlier
  /// one's id; `UnreadableUsersFile` when it is not a JSON list at all.
  static func users(in data: Data, from url: URL) throws(UnreadableUsersFile) -> ([User], [SkippedRecord]) {
    // The common case in one pass; only a file with a problem pays for record-by-record reading.
    if let users = UsersJSONScanner.users(in: data) ?? (try? JSONDecoder().decode([User].self, from: data)),
      Set(users.lazy.map(\.id)).count == users.count
    {
      return (users, [])
    }
    // Only a file that is not a JSON array at all is unreadable; a bad record costs that record alone.
    guard let records = try? JSONSerialization.jsonObject(with: data) as? [Any] else {
      let reason: String
      do {
        _ = try JSONDecoder().decode([User].self, from: data)
        reason = "it is not a list of users"
      } catch {
        reason = describe(error, at: url)
      }
      throw UnreadableUsersFile(reason: reason)
    }
    var users: [User] = []
    var skipped: [SkippedRecord] = []
    var positionOfID: [User.ID: Int] = [:]
    let decoder = JSONDecoder()
    for (index, record) in records.enumerated() {
      let json = (try? JSONSerialization.data(withJSONObject: record, options: [.fragmentsAllowed])) ?? Data()
      do {
        let user = try decoder.decode(User.self, from: json)
        if let first = positionOfID[user.id] {
          let reason = "its id \(user.id) is also the id of record \(first), which is the one shown"
          skipped.append(SkippedRecord(position: index + 1, reason: reason))
          continue
        }
        positionOfID[user.id] = index + 1
        users.append(user)
      } catch {
        skipped.append(
          SkippedRecord(position: index + 1, reason: describe(error, at: url)))
      }
    }
    return (users, skipped)
  }

  /// Renames the file to the first free `users.json.corrupt`, `users.json.corrupt-2`, …
  private func moveAside() -> URL? {
    for attempt in 1...100 {
      let name = fileURL.lastPathComponent + (attempt == 1 ? ".corrupt" : ".corrupt-\(attempt)")
      let target = fileURL.deletingLastPathComponent().appendingPathComponent(name)
      if FileManager.default.fileExists(atPath: target.path) { continue }
      return (try? FileManager.default.moveItem(at: fileURL, to: target)) != nil ? target : nil
    }
    return nil
  }

  /// What a field of `type` should hold, in words a user of the file reads: "a whole number", not "a Int".
  static func expectedKind(_ type: Any.Type) -> String {
    switch type {
    case is String.Type: "text"
    case is Int.Type, is Int64.Type, is Int32.Type, is UInt.Type: "a whole number"
    case is Double.Type, is Float.Type: "a number"
    case is Bool.Type: "true or false"
    case is [Any].Type: "a list"
    case is [String: Any].Type: "an object"
    default: "the kind of value a user's \(String(describing: type)) needs"
    }
  }

  static func describe(_ error: any Error, at url: URL) -> String {
    func field(_ path: [any CodingKey], _ key: (any CodingKey)? = nil) -> String {
      ((path + (key.map { [$0] } ?? [])).map(\.stringValue)).joined(separator: ".")
    }
    switch error {
    case let DecodingError.keyNotFound(key, context): return "the field '\(field(context.codingPath, key))' is missing"
    case let DecodingError.valueNotFound(_, context): return "the field '\(field(context.codingPath))' is null"
    case let DecodingError.typeMismatch(type, context):
      return "the field '\(field(context.codingPath))' is not \(expectedKind(type))"
    default: break
    }
    if case let DecodingError.dataCorrupted(context) = error {
      return FileProblem.trimmedSentence(context.debugDescription)
    }
    if let decoding = error as? DecodingError { return "\(decoding)" }
    return FileProblem.describe(error, at: url)
  }
}

/// A users file that is not a JSON list at all, and why.
struct UnreadableUsersFile: Error {
  let reason: String
}

/// A record of a users file that is not a valid user: where it is, and why.
public struct SkippedRecord: Equatable, Sendable {
  /// Its position in the file, counting from 1.
  public let position: Int
  /// Why it is left out ("the field 'city' is missing", "its id 3 is also the id of record 1, …").
  public let reason: String
}
