import AnalyticsClientInterface
import Dependencies
import Foundation
import Sharing

extension AnalyticsClient {
  /// Appends each event to `file` as one JSON line (`{"event":…,"properties":{…},"time":…}`), creating it if needed.
  ///
  /// A write that fails is reported once on standard error and the app goes on:
  /// analytics must never stop the user.
  public static func live(file: URL, now: @escaping @Sendable () -> Date = { Date() }) -> AnalyticsClient {
    let writer = JSONLinesWriter(file: file)
    return AnalyticsClient { event in
      writer.append(AnalyticsLine(event: event.name, properties: event.properties, time: now()))
    }
  }
}

extension AnalyticsClient: DependencyKey {
  /// Events in `analytics.jsonl` in the current folder (the shell passes its data folder explicitly).
  public static var liveValue: AnalyticsClient {
    .live(
      file: URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent("analytics.jsonl"))
  }
}

/// One line of the analytics file.
public struct AnalyticsLine: Codable, Equatable, Sendable {
  /// The event's name.
  public var event: String
  /// Its properties.
  public var properties: [String: String]
  /// When it happened.
  public var time: Date
}

/// Appends encoded lines to a file, whole, whoever else appends to it.
///
/// Two sessions on one data folder append to the same file: each line goes out in one `write` to a descriptor
/// opened with `O_APPEND`, so the system puts it at the end as one piece. Seeking to the end and then writing
/// let two processes write at the same offset (a torn line, found by Scripts/fuzz-sessions), and creating the
/// file when it seemed missing emptied one another process had just made.
final class JSONLinesWriter: @unchecked Sendable {
  private let file: URL
  private let lock = NSLock()
  private var reportedFailure = false

  init(file: URL) {
    self.file = file
  }

  func append(_ line: AnalyticsLine) {
    lock.withLock {
      do {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.dateEncodingStrategy = .iso8601
        var data = try encoder.encode(line)
        data.append(UInt8(ascii: "\n"))
        try FileManager.default.createDirectory(
          at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Self.appendWhole(data, to: file)
      } catch {
        guard !reportedFailure else { return }
        reportedFailure = true
        FileHandle.standardError.write(
          Data("users: analytics are not being saved to \(file.path): \(FileProblem.describe(error, at: file)).\n".utf8)
        )
      }
    }
  }

  /// Writes `data` at the end of `file` (made if missing, never emptied) in one `write`, retried if interrupted.
  private static func appendWhole(_ data: Data, to file: URL) throws {
    let descriptor = open(file.path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    defer { close(descriptor) }
    let written = data.withUnsafeBytes { bytes -> Int in
      while true {
        let result = write(descriptor, bytes.baseAddress, bytes.count)
        if result < 0, errno == EINTR { continue }
        return result
      }
    }
    guard written >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    // A short write (a full disk) leaves part of a line: the next line still starts on a line of its own.
    guard written == data.count else {
      _ = write(descriptor, "\n", 1)
      throw POSIXError(.ENOSPC)
    }
  }
}
