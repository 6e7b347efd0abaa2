import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Replaces a file with bytes the way a crash or a reader never sees half of: a temporary file in the same
/// folder, written whole, then renamed over the old one.
enum AtomicFile {
  /// The system's error `code` as the error `FileProblem` words ("permission denied", "no space left").
  private static func failure(_ code: Int32) -> POSIXError {
    POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO)
  }

  /// Makes `url`'s new contents from what `produce` hands its sink, a buffer at a time, so the whole file is
  /// never in memory; `url` changes only once all of it is written.
  static func write(
    to url: URL, _ produce: ((UnsafeRawBufferPointer) throws -> Void) throws -> Void
  ) throws {
    let folder = url.deletingLastPathComponent().path
    let temporary = "\(folder)/.\(url.lastPathComponent).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { throw failure(errno) }
    do {
      try produce { chunk in try writeAll(chunk, to: descriptor) }
    } catch {
      close(descriptor)
      unlink(temporary)
      throw error
    }
    guard close(descriptor) == 0 else {
      let code = errno
      unlink(temporary)
      throw failure(code)
    }
    guard rename(temporary, url.path) == 0 else {
      let code = errno
      unlink(temporary)
      throw failure(code)
    }
  }

  private static func writeAll(_ chunk: UnsafeRawBufferPointer, to descriptor: Int32) throws {
    var written = 0
    while written < chunk.count {
      let count = Foundation.write(descriptor, chunk.baseAddress! + written, chunk.count - written)
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { throw failure(errno) }
      written += count
    }
  }
}
