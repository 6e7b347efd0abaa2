import Foundation
import Sharing
import UserClientInterface

/// The users of a data folder: `users.db`, made at the first use from what the folder had before.
///
/// A new folder gets the sample users; a folder from an earlier version has its
/// `users.json` imported once (then kept as `users.json.imported`); records of
/// it that are not valid users are reported and left out, and stay in the kept
/// file. The database is written under a temporary name and renamed into place
/// under the folder's lock, so two sessions starting at once make it once, and a
/// crash while it is made leaves the folder as it was. A `users.db` that SQLite
/// cannot read is moved aside (`users.db.corrupt`) and an empty one takes its
/// place; the first read says so. A `users.db` of another program is never written to: it is moved aside as it
/// is (`users.db.foreign`) and an empty directory takes its place; one a later version of the app made is left
/// where it is and every read refuses it. A folder that cannot be written (someone else's, a read-only mount, or
/// asked to be only read) is read without anything written to it or made in it, and every write is refused with
/// why; a folder whose database cannot be opened for writing (a full disk) is read the same way until it can.
final class UserDataFolder: @unchecked Sendable {
  let directory: URL
  let latency: Duration
  /// Whether the folder is only read, as asked, whether or not it could be written.
  let readOnly: Bool
  /// Whether a new folder starts with the sample users (the app's first run) or empty (an import into it).
  let seedsSampleUsers: Bool
  private let onSkippedRecords: @Sendable ([SkippedRecord]) -> Void
  private let lock = NSLock()
  private var opened: UserDatabase?
  /// The database opened for reading only, while it cannot be opened for writing.
  private var openedForReadingOnly: UserDatabase?
  /// A problem met while opening that the first read reports (a file kept aside).
  private var problem: UserClientError?

  /// The database file.
  var databaseURL: URL { directory.appendingPathComponent("users.db") }
  /// The file of earlier versions, imported once.
  var jsonURL: URL { directory.appendingPathComponent("users.json") }

  init(
    directory: URL, latency: Duration, seedsSampleUsers: Bool = true, readOnly: Bool = false,
    onSkippedRecords: @escaping @Sendable ([SkippedRecord]) -> Void
  ) {
    self.directory = directory
    self.latency = latency
    self.readOnly = readOnly
    self.seedsSampleUsers = seedsSampleUsers
    self.onSkippedRecords = onSkippedRecords
  }

  /// Why nothing can be written in the folder, known before trying: asked to be only read, or a folder this
  /// process cannot write. Nil: it can, as far as can be told before a write.
  var cannotWriteReason: String? {
    if readOnly { return "it is opened read-only" }
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory), isDirectory.boolValue
    else { return nil }
    return FileManager.default.isWritableFile(atPath: directory.path) ? nil : "it is read-only"
  }

  /// The database to write to, opened (and made, the first time) at the first call; refused, with why, in a
  /// folder that cannot be written.
  func database() async throws -> UserDatabase {
    if let opened = lock.withLock({ opened }) { return opened }
    if let reason = cannotWriteReason { throw UserClientError.cannotWrite(folder: directory.path, reason: reason) }
    do {
      return try await openForWriting()
    } catch let error as UserClientError {
      guard let reason = writeFailure(error) else { throw error }
      throw UserClientError.cannotWrite(folder: directory.path, reason: reason)
    }
  }

  /// Why opening for writing failed when it is the folder's or the disk's doing (nil for any other failure).
  private func writeFailure(_ error: UserClientError) -> String? {
    guard case let .io(_, reason) = error else { return nil }
    if reason == "the disk is full" || DiskSpace.isFull(at: directory) { return "the disk is full" }
    guard reason.contains("permission denied") || reason.contains("readonly") || reason.contains("read-only")
    else { return nil }
    return "it cannot be written"
  }

  private func openForWriting() async throws -> UserDatabase {
    do {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    } catch {
      throw UserClientError.io(path: databaseURL.path, reason: FileProblem.describe(error, at: directory))
    }
    let database: UserDatabase
    do {
      database = try await FileLock.withExclusiveLock(on: databaseURL, timeout: .seconds(30)) {
        if let opened = lock.withLock({ opened }) { return opened }
        return try await openOrMake()
      }
    } catch let failure as FileLock.Failure {
      throw UserClientError.io(path: databaseURL.path, reason: failure.description)
    }
    database.writeDelay = latency
    lock.withLock { opened = database }
    return database
  }

  /// The database for a read: waits `latency` first (cancellable), and throws the opening's problem once. In a
  /// folder that cannot be written (or on a full disk), the users already there are read all the same.
  func forReading() async throws -> UserDatabase {
    if latency > .zero { try await Task.sleep(for: latency) }
    let database = try await readable()
    if let problem = lock.withLock({ () -> UserClientError? in
      defer { self.problem = nil }
      return self.problem
    }) {
      throw problem
    }
    return database
  }

  /// The database to read (and to watch for other processes' commits): the one opened for writing, else one
  /// opened for reading only where nothing can be written and the users are already there.
  func readable() async throws -> UserDatabase {
    if let opened = lock.withLock({ opened }) { return opened }
    do {
      return try await database()
    } catch UserClientError.cannotWrite where FileManager.default.fileExists(atPath: databaseURL.path) {
      if let readOnly = lock.withLock({ openedForReadingOnly }) { return readOnly }
      let database = try UserDatabase(readingOnly: databaseURL)
      lock.withLock { openedForReadingOnly = database }
      return database
    }
  }

  private func openOrMake() async throws -> UserDatabase {
    if FileManager.default.fileExists(atPath: databaseURL.path) {
      do {
        return try UserDatabase(url: databaseURL)
      } catch let error as UserClientError {
        guard case let .corruptFile(path, _, reason) = error else { throw error }
        let movedTo = moveAside(databaseURL)
        lock.withLock { problem = .corruptFile(path: path, movedTo: movedTo?.path, reason: reason) }
        return try make(with: [])
      } catch let foreign as ForeignDatabase {
        guard !foreign.isNewerVersion else {
          throw UserClientError.io(path: databaseURL.path, reason: foreign.reason + "; it was left as it is")
        }
        // Byte for byte: renamed, with its write-ahead log and shared memory, never opened for writing.
        let movedTo = moveAside(databaseURL, as: "foreign")
        lock.withLock { problem = .corruptFile(path: databaseURL.path, movedTo: movedTo?.path, reason: foreign.reason) }
        return try make(with: [])
      }
    }
    guard FileManager.default.fileExists(atPath: jsonURL.path) else {
      // A first run: the sample users, unless an earlier file was kept aside as damaged (then none, not over it).
      return try make(with: hasCorruptBackup || !seedsSampleUsers ? [] : SampleUsers.all)
    }
    let users: [User]
    do {
      let read = try UsersJSONFile(fileURL: jsonURL).read()
      if !read.skipped.isEmpty { onSkippedRecords(read.skipped) }
      users = read.users
    } catch let error as UserClientError {
      // The old file could not be read: it was moved aside; the directory starts empty and the first read says so.
      guard case .corruptFile = error else { throw error }
      lock.withLock { problem = error }
      return try make(with: [])
    }
    let database = try make(with: users)
    try? FileManager.default.moveItem(at: jsonURL, to: directory.appendingPathComponent("users.json.imported"))
    return database
  }

  /// Writes `users` into a new database under a temporary name, then renames it into place.
  private func make(with users: [User]) throws -> UserDatabase {
    let partial = directory.appendingPathComponent("users.db.new")
    for suffix in ["", "-wal", "-shm", "-journal"] {
      try? FileManager.default.removeItem(atPath: partial.path + suffix)
    }
    do {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      // Closed before the rename, so the file holds everything (no write-ahead log beside it).
      try UserDatabase(url: partial).insert(users)
      try FileManager.default.moveItem(at: partial, to: databaseURL)
    } catch let error as UserClientError {
      throw error
    } catch {
      throw UserClientError.io(path: databaseURL.path, reason: FileProblem.describe(error, at: databaseURL))
    }
    return try UserDatabase(url: databaseURL)
  }

  private var hasCorruptBackup: Bool {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    return names.contains {
      $0.hasPrefix("users.json.corrupt") || $0.hasPrefix("users.db.corrupt") || $0.hasPrefix("users.db.foreign")
    }
  }

  /// Renames `file` (and its write-ahead log and shared memory) to the first free `NAME.KIND`, `NAME.KIND-2`…
  private func moveAside(_ file: URL, as kind: String = "corrupt") -> URL? {
    for attempt in 1...100 {
      let target = URL(fileURLWithPath: file.path + (attempt == 1 ? ".\(kind)" : ".\(kind)-\(attempt)"))
      if FileManager.default.fileExists(atPath: target.path) { continue }
      guard (try? FileManager.default.moveItem(at: file, to: target)) != nil else { return nil }
      for suffix in ["-wal", "-shm"] {
        try? FileManager.default.moveItem(atPath: file.path + suffix, toPath: target.path + suffix)
      }
      return target
    }
    return nil
  }
}
