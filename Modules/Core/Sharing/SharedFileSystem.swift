import Foundation

/// The file operations persisted shared values use: real files in the app, a dictionary in tests.
public struct SharedFileSystem: Sendable {
  /// The file's contents, or nil if there is no file.
  public var read: @Sendable (URL) throws -> Data?
  /// Replaces the file's contents atomically (a reader sees the old file or the new one, never half).
  public var write: @Sendable (Data, URL) throws -> Void
  /// Renames a file, to keep a corrupt one aside.
  public var move: @Sendable (URL, URL) throws -> Void
  /// Whether a file exists.
  public var exists: @Sendable (URL) -> Bool
  /// Runs a read-modify-write of a file exclusively among every process using it (a no-op lock in memory).
  public var exclusively: @Sendable (URL, () throws -> Void) throws -> Void
  /// The file's identity now (nil when it does not exist): what changes when anyone changes the file.
  public var identity: @Sendable (URL) -> FileIdentity?
  /// Starts watching a file: the closure runs whenever the file may have changed, until the watch ends.
  public var watch: @Sendable (URL, @escaping @Sendable () -> Void) -> SharedFileWatch

  /// A file system from its operations.
  public init(
    read: @escaping @Sendable (URL) throws -> Data?,
    write: @escaping @Sendable (Data, URL) throws -> Void,
    move: @escaping @Sendable (URL, URL) throws -> Void,
    exists: @escaping @Sendable (URL) -> Bool,
    exclusively: @escaping @Sendable (URL, () throws -> Void) throws -> Void = { _, body in try body() },
    identity: @escaping @Sendable (URL) -> FileIdentity? = { _ in nil },
    watch: @escaping @Sendable (URL, @escaping @Sendable () -> Void) -> SharedFileWatch = { _, _ in .none }
  ) {
    self.read = read
    self.write = write
    self.move = move
    self.exists = exists
    self.exclusively = exclusively
    self.identity = identity
    self.watch = watch
  }

  /// The real disk; writes create missing folders and go through a temporary file and a rename.
  public static let live = SharedFileSystem(
    read: { url in
      guard FileManager.default.fileExists(atPath: url.path) else { return nil }
      return try Data(contentsOf: url)
    },
    write: { data, url in
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try data.write(to: url, options: .atomic)
    },
    move: { from, to in try FileManager.default.moveItem(at: from, to: to) },
    exists: { FileManager.default.fileExists(atPath: $0.path) },
    exclusively: { url, body in try FileLock.withExclusiveLock(on: url, body) },
    identity: { LiveFileWatch.identity(of: $0) },
    watch: { url, onChange in LiveFileWatch.watch(url, onChange: onChange) })

  /// Renames an unreadable file to the first free `NAME.corrupt`, `NAME.corrupt-2`, … and returns where it went,
  /// or nil if it could not (then nothing may write over it either: it is data nobody has read).
  public func moveAside(_ url: URL) -> URL? {
    for attempt in 1...100 {
      let suffix = attempt == 1 ? ".corrupt" : ".corrupt-\(attempt)"
      let target = url.deletingLastPathComponent().appendingPathComponent(url.lastPathComponent + suffix)
      if exists(target) { continue }
      do {
        try move(url, target)
        return target
      } catch {
        return nil
      }
    }
    return nil
  }

  /// Why a file could not be read or decoded, in one line without a final period (a decoding error names the
  /// field at fault; a file error says what is wrong at `url`).
  public static func describe(_ error: any Error, at url: URL? = nil) -> String {
    switch error {
    case let DecodingError.dataCorrupted(context), let DecodingError.keyNotFound(_, context),
      let DecodingError.typeMismatch(_, context), let DecodingError.valueNotFound(_, context):
      let path = context.codingPath.map(\.stringValue).joined(separator: ".")
      let detail = FileProblem.trimmedSentence(context.debugDescription)
      return path.isEmpty ? detail : "\(path): \(detail)"
    default:
      return FileProblem.describe(error, at: url)
    }
  }

  /// Files in a dictionary: what tests use unless they ask for the disk.
  public static func inMemory(_ files: InMemoryFiles = InMemoryFiles()) -> SharedFileSystem {
    SharedFileSystem(
      read: { files[$0] },
      write: { data, url in files.write(data, to: url) },
      move: { from, to in try files.move(from, to: to) },
      exists: { files[$0] != nil },
      identity: { files.identity(of: $0) },
      watch: { url, onChange in files.watch(url, onChange: onChange) })
  }
}

/// The files of an in-memory `SharedFileSystem`, readable by the test that made them.
public final class InMemoryFiles: @unchecked Sendable {
  private let lock = NSLock()
  private var files: [String: Data] = [:]
  private var writes = 0
  /// Counts the changes of each path: the identity of an in-memory file.
  private var versions: [String: Int64] = [:]
  /// Who watches each path.
  private var watchers: [String: [UInt64: @Sendable () -> Void]] = [:]
  private var nextWatcher: UInt64 = 0

  /// An empty set of files, or one holding `files` by path.
  public init(_ files: [String: Data] = [:]) {
    self.files = files
  }

  /// The contents of the file at `url`, or nil; setting stores or deletes it (not counted as a write).
  public subscript(url: URL) -> Data? {
    get { lock.withLock { files[url.standardizedFileURL.path] } }
    set {
      lock.withLock { files[url.standardizedFileURL.path] = newValue }
      changed(url.standardizedFileURL.path)
    }
  }

  /// Deletes the file at `url`, as another process would.
  public func remove(_ url: URL) {
    lock.withLock { _ = files.removeValue(forKey: url.standardizedFileURL.path) }
    changed(url.standardizedFileURL.path)
  }

  /// The file's identity: its path's change count, nil when there is no file.
  func identity(of url: URL) -> FileIdentity? {
    let path = url.standardizedFileURL.path
    return lock.withLock { files[path] == nil ? nil : FileIdentity(parts: [versions[path, default: 0]]) }
  }

  /// Calls `onChange` (on another queue, as file events come) after every change of the file at `url`.
  func watch(_ url: URL, onChange: @escaping @Sendable () -> Void) -> SharedFileWatch {
    let path = url.standardizedFileURL.path
    let id: UInt64 = lock.withLock {
      nextWatcher += 1
      watchers[path, default: [:]][nextWatcher] = onChange
      return nextWatcher
    }
    return SharedFileWatch { [weak self] in
      self?.lock.withLock { _ = self?.watchers[path]?.removeValue(forKey: id) }
    }
  }

  /// Counts a change of `path` and tells its watchers.
  private func changed(_ path: String) {
    let toTell: [@Sendable () -> Void] = lock.withLock {
      versions[path, default: 0] += 1
      return Array(watchers[path, default: [:]].values)
    }
    for watcher in toTell { inMemoryEventQueue.async(execute: watcher) }
  }

  /// How many writes the persisted values made: one per coalesced save.
  public var writeCount: Int { lock.withLock { writes } }

  /// The paths of every file.
  public var paths: [String] { lock.withLock { files.keys.sorted() } }

  func write(_ data: Data, to url: URL) {
    lock.withLock {
      files[url.standardizedFileURL.path] = data
      writes += 1
    }
    changed(url.standardizedFileURL.path)
  }

  func move(_ from: URL, to: URL) throws {
    try lock.withLock {
      guard let data = files.removeValue(forKey: from.standardizedFileURL.path) else {
        throw CocoaError(.fileNoSuchFile)
      }
      files[to.standardizedFileURL.path] = data
    }
    changed(from.standardizedFileURL.path)
    changed(to.standardizedFileURL.path)
  }
}

/// Where in-memory file events are delivered: off the writer's thread, as the platform's are.
private let inMemoryEventQueue = DispatchQueue(label: "Sharing.InMemoryFiles.events")
