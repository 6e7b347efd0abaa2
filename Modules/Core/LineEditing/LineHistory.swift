import Foundation

/// The lines typed before, newest last, bounded, with Up/Down browsing that keeps the line being typed.
public struct LineHistory: Equatable, Sendable {
  /// The lines, oldest first.
  public private(set) var entries: [String]
  /// How many lines are kept.
  public let limit: Int
  /// Which entry Up/Down shows, or nil while editing the new line.
  private var browsing: Int?
  /// The new line as it was when browsing started, given back by Down past the newest entry.
  private var draft: [Character] = []

  /// A history holding `entries` (the newest `limit` of them).
  public init(_ entries: [String] = [], limit: Int = 1_000) {
    self.limit = max(limit, 1)
    self.entries = Array(entries.suffix(max(limit, 1)))
  }

  /// Adds a submitted line without its outer spaces: blank lines and a repeat of the newest are not kept.
  public mutating func add(_ line: String) {
    browsing = nil
    draft = []
    let line = line.trimmingCharacters(in: .whitespaces)
    guard !line.isEmpty, entries.last != line else { return }
    entries.append(line)
    if entries.count > limit { entries.removeFirst(entries.count - limit) }
  }

  /// The line Up shows, given the line being edited; nil at the oldest entry.
  mutating func older(than current: [Character]) -> [Character]? {
    let next = (browsing ?? entries.count) - 1
    guard next >= 0 else { return nil }
    if browsing == nil { draft = current }
    browsing = next
    return Array(entries[next])
  }

  /// The line Down shows; the draft past the newest entry, nil when not browsing.
  mutating func newer() -> [Character]? {
    guard let index = browsing else { return nil }
    if index + 1 < entries.count {
      browsing = index + 1
      return Array(entries[index + 1])
    }
    browsing = nil
    return draft
  }

  /// Stops browsing (the line was edited or cleared): Up starts from the newest again.
  mutating func stopBrowsing() { browsing = nil }
}

/// Where a history is kept between runs: one line per entry in a text file of at most `limit` lines.
public struct HistoryFile: Sendable {
  /// The file.
  public let url: URL
  /// How many lines are kept.
  public let limit: Int

  /// The history kept at `url`.
  public init(url: URL, limit: Int = 1_000) {
    self.url = url
    self.limit = limit
  }

  /// The lines kept so far; an empty history if the file is missing or unreadable (history is a convenience).
  public func load() -> LineHistory {
    guard let data = try? Data(contentsOf: url) else { return LineHistory(limit: limit) }
    let lines = String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    return LineHistory(lines, limit: limit)
  }

  /// Writes `history` in place of the file (atomically: a crash or another process never sees half a file).
  ///
  /// The whole history is a few kilobytes, so rewriting it once per typed line
  /// keeps the bound exact at no noticeable cost.
  public func save(_ history: LineHistory) throws {
    let text = history.entries.map { $0 + "\n" }.joined()
    try Data(text.utf8).write(to: url, options: .atomic)
  }

  /// Adds `line` at the end of the file, under an exclusive lock, and trims the file to the newest `limit`
  /// lines: sessions running at once each append, so none loses the other's lines (saving a whole history would
  /// keep only the last writer's).
  public func append(_ line: String) throws {
    let line = line.trimmingCharacters(in: .whitespaces)
    guard !line.isEmpty else { return }
    let descriptor = open(url.path, O_RDWR | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { throw HistoryFileError(path: url.path, code: errno) }
    defer { close(descriptor) }
    guard flock(descriptor, LOCK_EX) == 0 else { throw HistoryFileError(path: url.path, code: errno) }
    defer { flock(descriptor, LOCK_UN) }
    try write(Array((line + "\n").utf8), to: descriptor)
    let lines = try readAll(descriptor).split(separator: UInt8(ascii: "\n"))
    guard lines.count > limit else { return }
    // Emptied and written again through the same locked descriptor, so no other session writes in between.
    guard ftruncate(descriptor, 0) == 0 else { throw HistoryFileError(path: url.path, code: errno) }
    try write(Array(lines.suffix(limit).map { Array($0) + [UInt8(ascii: "\n")] }.joined()), to: descriptor)
  }

  private func write(_ bytes: [UInt8], to descriptor: Int32) throws {
    var offset = 0
    while offset < bytes.count {
      let written = bytes[offset...].withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress, $0.count) }
      guard written > 0 else { throw HistoryFileError(path: url.path, code: errno) }
      offset += written
    }
  }

  private func readAll(_ descriptor: Int32) throws -> [UInt8] {
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 16_384)
    var offset: off_t = 0
    while true {
      let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, offset) }
      guard count >= 0 else { throw HistoryFileError(path: url.path, code: errno) }
      guard count > 0 else { return bytes }
      bytes += buffer[0..<count]
      offset += off_t(count)
    }
  }
}

/// Why the history file could not be written: the path and the system's reason.
public struct HistoryFileError: Error, CustomStringConvertible {
  /// The file.
  public let path: String
  /// The system's error number.
  public let code: Int32

  /// The reason, as the system words it.
  public var description: String { String(cString: strerror(code)) }
}
