import Foundation
import UserClient

/// The users in `users.json`: read once, then every change written atomically before it is acknowledged.
///
/// A change is applied to a copy, written (temporary file, then rename), and
/// only then kept, so a failed write leaves both the file and the memory as
/// they were. A file that cannot be decoded is moved aside, never overwritten.
actor UserFileStore {
  let fileURL: URL
  private var cache: [User]?
  /// Records that are not valid users: left out of the list, and written back unchanged so no save loses them.
  private var skipped: [SkippedRecord] = []
  private let onSkippedRecords: @Sendable ([SkippedRecord]) -> Void

  init(fileURL: URL, onSkippedRecords: @escaping @Sendable ([SkippedRecord]) -> Void = { _ in }) {
    self.fileURL = fileURL
    self.onSkippedRecords = onSkippedRecords
  }

  func load() throws -> [User] {
    if let cache { return cache }
    let users = try readOrSeed()
    cache = users
    return users
  }

  func add(_ new: NewUser) throws -> User {
    var users = try load()
    try UserDirectoryRules.checkEmailIsFree(new.email, among: users, except: nil)
    let user = User(id: UserDirectoryRules.nextID(after: users), name: new.name, email: new.email, city: new.city)
    users.append(user)
    try commit(users)
    return user
  }

  func update(_ user: User) throws {
    var users = try load()
    guard let index = users.firstIndex(where: { $0.id == user.id }) else { throw UserClientError.notFound(user.id) }
    try UserDirectoryRules.checkEmailIsFree(user.email, among: users, except: user.id)
    users[index] = user
    try commit(users)
  }

  func delete(_ id: User.ID) throws {
    var users = try load()
    guard let index = users.firstIndex(where: { $0.id == id }) else { throw UserClientError.notFound(id) }
    users.remove(at: index)
    try commit(users)
  }

  private func commit(_ users: [User]) throws {
    try write(users)
    cache = users
  }

  private func readOrSeed() throws -> [User] {
    let data: Data
    do {
      guard FileManager.default.fileExists(atPath: fileURL.path) else {
        // First run: seed, unless an earlier file was kept aside as corrupt (then start empty, not over it).
        let users = hasCorruptBackup ? [] : SampleUsers.all
        try write(users)
        return users
      }
      data = try Data(contentsOf: fileURL)
    } catch let error as UserClientError {
      throw error
    } catch {
      throw UserClientError.io(path: fileURL.path, reason: Self.describe(error))
    }
    // Only a file that is not a JSON array at all is unreadable; a bad record costs that record alone.
    guard let records = try? JSONSerialization.jsonObject(with: data) as? [Any] else {
      let reason: String
      do {
        _ = try JSONDecoder().decode([User].self, from: data)
        reason = "it is not a list of users"
      } catch {
        reason = Self.describe(error)
      }
      let movedTo = moveAside()
      throw UserClientError.corruptFile(path: fileURL.path, movedTo: movedTo?.path, reason: reason)
    }
    var users: [User] = []
    skipped = []
    let decoder = JSONDecoder()
    for (index, record) in records.enumerated() {
      let json = (try? JSONSerialization.data(withJSONObject: record, options: [.fragmentsAllowed])) ?? Data()
      do {
        users.append(try decoder.decode(User.self, from: json))
      } catch {
        skipped.append(SkippedRecord(position: index + 1, reason: Self.describe(error), json: json))
      }
    }
    if !skipped.isEmpty { onSkippedRecords(skipped) }
    return users
  }

  private var hasCorruptBackup: Bool {
    let folder = fileURL.deletingLastPathComponent().path
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    return names.contains { $0.hasPrefix(fileURL.lastPathComponent + ".corrupt") }
  }

  private func write(_ users: [User]) throws {
    do {
      try FileManager.default.createDirectory(
        at: fileURL.deletingLastPathComponent(), withIntermediateDirectories: true)
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
      let encoded = try encoder.encode(users)
      try (skipped.isEmpty ? encoded : try keepingSkippedRecords(encoded)).write(to: fileURL, options: .atomic)
    } catch {
      throw UserClientError.io(path: fileURL.path, reason: Self.describe(error))
    }
  }

  /// `encoded` users followed by the skipped records as they were read.
  private func keepingSkippedRecords(_ encoded: Data) throws -> Data {
    var records = (try JSONSerialization.jsonObject(with: encoded) as? [Any]) ?? []
    for record in skipped {
      records.append(try JSONSerialization.jsonObject(with: record.json, options: [.fragmentsAllowed]))
    }
    return try JSONSerialization.data(withJSONObject: records, options: [.prettyPrinted, .sortedKeys])
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

  private static func describe(_ error: any Error) -> String {
    func field(_ path: [any CodingKey], _ key: (any CodingKey)? = nil) -> String {
      ((path + (key.map { [$0] } ?? [])).map(\.stringValue)).joined(separator: ".")
    }
    switch error {
    case let DecodingError.keyNotFound(key, context): return "the field '\(field(context.codingPath, key))' is missing"
    case let DecodingError.valueNotFound(_, context): return "the field '\(field(context.codingPath))' is null"
    case let DecodingError.typeMismatch(type, context):
      return "the field '\(field(context.codingPath))' is not \(type == String.self ? "text" : "a \(type)")"
    default: break
    }
    if case let DecodingError.dataCorrupted(context) = error { return context.debugDescription }
    if let decoding = error as? DecodingError { return "\(decoding)" }
    return (error as NSError).localizedDescription
  }
}

/// A record of users.json that is not a valid user: where it is, why, and its JSON as read.
public struct SkippedRecord: Equatable, Sendable {
  /// Its position in the file, counting from 1.
  public let position: Int
  /// Why it is not a user ("the field 'city' is missing").
  public let reason: String
  /// The record as read, written back unchanged.
  let json: Data
}
