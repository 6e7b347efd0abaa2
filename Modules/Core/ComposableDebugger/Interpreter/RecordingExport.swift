import Foundation

/// Writes an exported recording to a file, for `:export` at the app's prompt and in an attached client alike.
public enum RecordingExport {
  /// Writes `recording` to `path`, replacing what was there at once (never half a file); what it wrote, or why not.
  public static func write(_ recording: String, to path: String) -> Result<String, TimelineQueryError> {
    let url = URL(fileURLWithPath: path)
    do {
      try Data(recording.utf8).write(to: url, options: .atomic)
    } catch {
      return .failure(TimelineQueryError("cannot write \(path): \(error.localizedDescription)"))
    }
    let actions = recording.split(separator: "\n").count - 1
    return .success("Wrote \(actions) action\(actions == 1 ? "" : "s") to \(path): '--replay \(path) --step' opens it.")
  }
}
