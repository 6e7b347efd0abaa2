import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An exclusive lock between processes on a data file, held around each read-modify-write so no update is lost.
///
/// It is an advisory `flock` on a companion file (`.NAME.lock` beside the data file): the data file itself is
/// replaced by a rename on every write, so a lock on it would be on a file nobody opens any more. The kernel
/// drops the lock when the holder exits, however it exits (`kill -9` included), so a crash never leaves the
/// folder locked.
public enum FileLock {
  /// Why the lock could not be taken.
  public enum Failure: Error, Equatable, CustomStringConvertible {
    /// Another process held it for longer than the wait.
    case timedOut(lockFile: String, waited: Duration)
    /// The lock file could not be opened (a missing folder, no permission).
    case cannotOpen(lockFile: String, reason: String)

    /// One line for people.
    public var description: String {
      switch self {
      case let .timedOut(lockFile, waited):
        "another users session kept the data file locked for more than \(waited) (\(lockFile))"
      case let .cannotOpen(lockFile, reason):
        "its lock file \(lockFile) could not be opened: \(reason)"
      }
    }
  }

  /// The companion lock file of `dataFile`.
  public static func lockFile(for dataFile: URL) -> URL {
    dataFile.deletingLastPathComponent().appendingPathComponent(".\(dataFile.lastPathComponent).lock")
  }

  /// Runs `body` while holding the exclusive lock of `dataFile`, waiting up to `timeout` for another holder.
  public static func withExclusiveLock<T>(
    on dataFile: URL, timeout: Duration = .seconds(10), _ body: () throws -> T
  ) throws -> T {
    let descriptor = try open(for: dataFile)
    defer { close(descriptor) }
    let deadline = ContinuousClock.now + timeout
    while try !tryLock(descriptor, until: deadline, dataFile: dataFile, timeout: timeout) {
      usleep(2_000)
    }
    // Closing the descriptor (the defer) releases the lock.
    return try body()
  }

  /// The async form: waits for another holder without blocking a thread, then runs `body` under the lock.
  public static func withExclusiveLock<T>(
    on dataFile: URL, timeout: Duration = .seconds(10), isolation: isolated (any Actor)? = #isolation,
    _ body: () async throws -> T
  ) async throws -> T {
    let descriptor = try open(for: dataFile)
    defer { close(descriptor) }
    let deadline = ContinuousClock.now + timeout
    while try !tryLock(descriptor, until: deadline, dataFile: dataFile, timeout: timeout) {
      try await Task.sleep(for: .milliseconds(2))
    }
    return try await body()
  }

  /// Takes the lock if it is free: true when taken, false to try again, and an error once `deadline` passed.
  private static func tryLock(
    _ descriptor: Int32, until deadline: ContinuousClock.Instant, dataFile: URL, timeout: Duration
  ) throws -> Bool {
    if flock(descriptor, LOCK_EX | LOCK_NB) == 0 { return true }
    guard errno == EWOULDBLOCK || errno == EINTR, ContinuousClock.now < deadline else {
      throw Failure.timedOut(lockFile: lockFile(for: dataFile).path, waited: timeout)
    }
    return false
  }

  private static func open(for dataFile: URL) throws -> Int32 {
    let url = lockFile(for: dataFile)
    try? FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    let descriptor = url.path.withCString { Foundation.open($0, O_RDWR | O_CREAT | O_CLOEXEC, 0o644) }
    guard descriptor >= 0 else {
      let code = errno
      throw Failure.cannotOpen(
        lockFile: url.path, reason: FileProblem.describe(POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO), at: url))
    }
    return descriptor
  }
}
