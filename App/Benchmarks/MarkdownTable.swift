import Foundation

/// The results as the Markdown table docs/performance.md shows, written between two marker lines of a file, so
/// the published numbers are the ones a run printed (`Scripts/bench --markdown docs/performance.md`).
struct MarkdownTable {
  /// The line the table starts after.
  static let startMarker = "<!-- Scripts/bench --markdown writes the table below; do not edit it by hand. -->"
  /// The line the table ends before.
  static let endMarker = "<!-- end of the table Scripts/bench writes -->"

  let path: String
  private var rows: [String] = []

  /// Checks before anything runs that `path` can take a table: it exists and holds both markers, in order.
  init(path: String) throws {
    self.path = path
    _ = try Self.markedRange(in: try Self.read(path), path: path)
  }

  /// The file's text, or an error naming the file and why it cannot be read.
  private static func read(_ path: String) throws -> String {
    guard FileManager.default.fileExists(atPath: path) else {
      throw MarkdownTableError(message: "\(path) does not exist: name the Markdown file the table goes in.")
    }
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
      throw MarkdownTableError(message: "\(path) cannot be read as UTF-8 text.")
    }
    return text
  }

  /// Adds a scenario's row: its name, ns per action, ratio to the baseline and its targets' verdicts.
  mutating func add(name: String, nanoseconds: Double, ratio: Double, verdicts: [String]) {
    let number = nanoseconds >= 1_000 ? String(format: "%.0f", nanoseconds) : String(format: "%.1f", nanoseconds)
    rows.append("| \(name) | \(number) | \(String(format: "%.1f", ratio)) | \(verdicts.joined(separator: "; ")) |")
  }

  /// Replaces what is between the markers with the table and the line saying when and where it was measured.
  func write(measuredOn machine: String) throws {
    let text = try Self.read(path)
    let range = try Self.markedRange(in: text, path: path)
    let date = ISO8601DateFormatter.string(from: Date(), timeZone: .gmt, formatOptions: [.withFullDate])
    let table =
      [
        "", "Measured by one run of `Scripts/bench` on \(date), \(machine).", "",
        "| scenario | ns per action | × baseline | target (ratios: the median over rounds) |", "|---|---:|---:|---|",
      ] + rows + [""]
    var updated = text
    updated.replaceSubrange(range, with: table.joined(separator: "\n") + "\n")
    try updated.write(toFile: path, atomically: true, encoding: .utf8)
  }

  /// The text between the end of the start marker's line and the start of the end marker's line.
  private static func markedRange(in text: String, path: String) throws -> Range<String.Index> {
    guard let start = text.range(of: startMarker + "\n"), let end = text.range(of: endMarker),
      start.upperBound <= end.lowerBound
    else {
      throw MarkdownTableError(
        message: "\(path) has no place for the table: it needs a line '\(startMarker)' and, after it, '\(endMarker)'.")
    }
    return start.upperBound..<end.lowerBound
  }
}

/// Why a table could not be written.
struct MarkdownTableError: Error, CustomStringConvertible {
  let message: String
  var description: String { message }
}

/// This machine as the table names it: cores and the Swift that built the benchmarks.
func machineDescription() -> String {
  var swift = "Swift"
  #if swift(>=6.3)
    swift = "Swift 6.3"
  #elseif swift(>=6.2)
    swift = "Swift 6.2"
  #endif
  #if os(Linux)
    let system = "Linux"
  #else
    let system = "macOS"
  #endif
  return "\(ProcessInfo.processInfo.activeProcessorCount) cores, \(system), \(swift), release"
}
