import Foundation
import Sharing
import UserClientInterface

/// The users in `users.json`, shared safely with every other process using the same data folder.
///
/// Every change is a read-modify-write under the file's exclusive lock (`FileLock`): the file's current
/// contents are read (only if they changed since this process last saw them), the one change is applied to
/// them, and the result is written atomically (temporary file, then rename). So two processes editing
/// different users both keep their edit, and an edit of a user someone else changed since it was loaded is
/// refused (`UserDirectoryRules.apply`). Loads need no lock: a reader sees the old file or the new one.
actor UserFileStore {
  let fileURL: URL
  /// The delay of a slow disk (`--latency`), taken inside the lock, so a slow save holds the lock as a real one.
  let latency: Duration
  private var snapshot: Snapshot?
  /// The file as this process last wrote it: a change a watch sees with this identity is this process's own.
  private var lastWritten: FileIdentity?
  /// How many changes of this process are under way: a watch does not report the file meanwhile.
  private var changesUnderWay = 0
  /// Counts the writes of this process that carried another process's change it read under the lock: such a
  /// write is this process's own, and still news to a watch.
  private var foldedChanges = 0
  /// What `onSkippedRecords` last heard, so a file read again (another process saved) is not reported twice.
  private var reportedSkipped: [SkippedRecord] = []
  private let onSkippedRecords: @Sendable ([SkippedRecord]) -> Void

  /// The file as this process last read or wrote it.
  private struct Snapshot {
    var identity: FileIdentity
    var users: [User]
    /// Records that are not valid users: left out of the list, and written back unchanged so no save loses them.
    var skipped: [SkippedRecord]
  }

  init(
    fileURL: URL, latency: Duration = .zero,
    onSkippedRecords: @escaping @Sendable ([SkippedRecord]) -> Void = { _ in }
  ) {
    self.fileURL = fileURL
    self.latency = latency
    self.onSkippedRecords = onSkippedRecords
  }

  func load() async throws -> [User] {
    try await slowDisk()
    if FileIdentity.of(fileURL) == nil {
      // First run: seed under the lock, so two first runs at once do not both write.
      do {
        try FileLock.withExclusiveLock(on: fileURL) { _ = try current() }
      } catch let failure as FileLock.Failure {
        throw failed(failure)
      }
    }
    return try current().users
  }

  func add(_ new: NewUser) async throws -> User {
    try await change { users, skipped in
      try UserDirectoryRules.checkEmailIsFree(new.email, among: users, except: nil)
      // Skipped records keep their ids: a new user never takes one.
      let id = UserDirectoryRules.nextID(after: users, reserved: skipped.compactMap(\.id))
      let user = User(id: id, name: new.name, email: new.email, city: new.city)
      users.append(user)
      return user
    }
  }

  /// The file's version now, whether it is the one this process last wrote (its own change, not news by
  /// itself), and how many of this process's writes carried another process's change; nil while a change of
  /// this process is under way (a command's work: nothing is reloaded meanwhile, the watch asks again later).
  func versionOnDisk() -> (identity: FileIdentity?, isOwnWrite: Bool, foldedChanges: Int)? {
    guard changesUnderWay == 0 else { return nil }
    let identity = FileIdentity.of(fileURL)
    return (identity, identity != nil && identity == lastWritten, foldedChanges)
  }

  func update(_ user: User, from original: User) async throws {
    try await change { users, _ in try UserDirectoryRules.apply(user, editedFrom: original, to: &users) }
  }

  func delete(_ id: User.ID) async throws {
    try await change { users, _ in
      guard let index = users.firstIndex(where: { $0.id == id }) else { throw UserClientError.notFound(id) }
      users.remove(at: index)
    }
  }

  /// Applies `edit` to the file's current users under the lock and writes the result.
  private func change<T>(_ edit: (inout [User], [SkippedRecord]) throws -> T) async throws -> T {
    changesUnderWay += 1
    defer { changesUnderWay -= 1 }
    do {
      return try await FileLock.withExclusiveLock(on: fileURL) {
        try await slowDisk()
        let seen = snapshot?.identity
        var current = try current()
        // Read again under the lock: another process changed the file since this one last saw it.
        if seen != nil, current.identity != seen { foldedChanges += 1 }
        // Given up while edited, so the array is not copied: the write below makes the new snapshot.
        snapshot = nil
        let result = try edit(&current.users, current.skipped)
        try write(current.users, keeping: current.skipped)
        return result
      }
    } catch let failure as FileLock.Failure {
      throw failed(failure)
    }
  }

  /// The users file's error for a lock that could not be taken.
  private func failed(_ failure: FileLock.Failure) -> UserClientError {
    switch failure {
    case let .cannotOpen(_, reason): .io(path: fileURL.path, reason: reason)
    case .timedOut: .io(path: fileURL.path, reason: failure.description)
    }
  }

  private func slowDisk() async throws {
    if latency > .zero { try await Task.sleep(for: latency) }
  }

  /// The file's users: the snapshot while the file is unchanged, else read again (seeded if missing).
  private func current() throws -> Snapshot {
    guard let identity = FileIdentity.of(fileURL) else {
      // First run: seed, unless an earlier file was kept aside as corrupt (then start empty, not over it).
      try write(hasCorruptBackup ? [] : SampleUsers.all, keeping: [])
      return snapshot!
    }
    if let snapshot, snapshot.identity == identity { return snapshot }
    let data: Data
    do {
      data = try Data(contentsOf: fileURL)
    } catch {
      throw UserClientError.io(path: fileURL.path, reason: Self.describe(error, at: fileURL))
    }
    let (users, skipped) = try decode(data)
    if !skipped.isEmpty, skipped != reportedSkipped { onSkippedRecords(skipped) }
    reportedSkipped = skipped
    let read = Snapshot(identity: identity, users: users, skipped: skipped)
    snapshot = read
    return read
  }

  /// The users in `data`, and the records skipped; a file that is not a list of users is moved aside.
  private func decode(_ data: Data) throws -> ([User], [SkippedRecord]) {
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
      let rawID = (record as? [String: Any])?["id"] as? Int
      do {
        let user = try decoder.decode(User.self, from: json)
        if let first = positionOfID[user.id] {
          let reason = "its id \(user.id) is also the id of record \(first), which is the one shown"
          skipped.append(SkippedRecord(position: index + 1, reason: reason, id: rawID, json: json))
          continue
        }
        positionOfID[user.id] = index + 1
        users.append(user)
      } catch {
        skipped.append(
          SkippedRecord(position: index + 1, reason: describe(error, at: url), id: rawID, json: json))
      }
    }
    return (users, skipped)
  }

  private var hasCorruptBackup: Bool {
    let folder = fileURL.deletingLastPathComponent().path
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    return names.contains { $0.hasPrefix(fileURL.lastPathComponent + ".corrupt") }
  }

  /// Writes `users` then the skipped records as they were read, and remembers the result as the snapshot.
  private func write(_ users: [User], keeping skipped: [SkippedRecord]) throws {
    do {
      try FileManager.default.createDirectory(
        at: fileURL.deletingLastPathComponent(), withIntermediateDirectories: true)
      if skipped.isEmpty {
        try AtomicFile.write(to: fileURL) { sink in try UsersJSONWriter.write(users, to: sink) }
      } else {
        var encoded: [UInt8] = []
        try UsersJSONWriter.write(users) { encoded.append(contentsOf: $0) }
        try Self.appending(skipped, to: Data(encoded)).write(to: fileURL, options: .atomic)
      }
    } catch {
      throw UserClientError.io(path: fileURL.path, reason: Self.describe(error, at: fileURL))
    }
    lastWritten = FileIdentity.of(fileURL)
    if let identity = lastWritten {
      snapshot = Snapshot(identity: identity, users: users, skipped: skipped)
    } else {
      snapshot = nil
    }
  }

  /// `encoded` users followed by the skipped records as they were read.
  private static func appending(_ skipped: [SkippedRecord], to encoded: Data) throws -> Data {
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

/// Which version of a file is on disk: a rename (every atomic write) or an edit changes it.
struct FileIdentity: Equatable, Sendable {
  let inode: UInt64
  let size: UInt64
  let modified: Date

  /// The identity of the file at `url`, or nil when there is none.
  static func of(_ url: URL) -> FileIdentity? {
    guard let attributes = try? FileManager.default.attributesOfItem(atPath: url.path) else { return nil }
    return FileIdentity(
      inode: (attributes[.systemFileNumber] as? NSNumber)?.uint64Value ?? 0,
      size: (attributes[.size] as? NSNumber)?.uint64Value ?? 0,
      modified: attributes[.modificationDate] as? Date ?? .distantPast)
  }
}

/// A users file that is not a JSON list at all, and why.
struct UnreadableUsersFile: Error {
  let reason: String
}

/// A record of users.json that is not a valid user: where it is, why, and its JSON as read.
public struct SkippedRecord: Equatable, Sendable {
  /// Its position in the file, counting from 1.
  public let position: Int
  /// Why it is not shown ("the field 'city' is missing", "its id 3 is also the id of record 1, …").
  public let reason: String
  /// Its id, when it has a numeric one: never given to a new user.
  let id: Int?
  /// The record as read, written back unchanged.
  let json: Data
}
