import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The room left on the disk of a folder, to say "the disk is full" when a write failed for want of it rather than
/// a vague input/output error.
enum DiskSpace {
  /// Below this many free bytes a disk counts as full: SQLite cannot make its write-ahead log and shared memory.
  static let fullBelow: UInt64 = 1 << 20

  /// Whether the disk of `folder` has less than `fullBelow` bytes an unprivileged process may use (false when it
  /// cannot be told).
  static func isFull(at folder: URL) -> Bool {
    var stats = statvfs()
    guard statvfs(folder.path, &stats) == 0 else { return false }
    return UInt64(stats.f_bavail) * UInt64(stats.f_frsize) < fullBelow
  }
}
