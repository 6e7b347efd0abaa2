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

/// Appends encoded lines to a file, one writer at a time.
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
        if !FileManager.default.fileExists(atPath: file.path) {
          try FileManager.default.createDirectory(
            at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
          guard FileManager.default.createFile(atPath: file.path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown)
          }
        }
        let handle = try FileHandle(forWritingTo: file)
        defer { try? handle.close() }
        try handle.seekToEnd()
        try handle.write(contentsOf: data)
      } catch {
        guard !reportedFailure else { return }
        reportedFailure = true
        FileHandle.standardError.write(
          Data("users: analytics are not being saved to \(file.path): \(FileProblem.describe(error, at: file)).\n".utf8)
        )
      }
    }
  }
}
