import Foundation
import Sharing

/// Creates the data folder if it is missing, and says in words why it cannot be used, or nil when it can.
///
/// Checked before anything reads or writes, so a mistyped path fails at once with one line instead of
/// every screen failing later with the same error.
func cannotUseDataFolder(_ url: URL) -> String? {
  var isDirectory: ObjCBool = false
  if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) {
    return isDirectory.boolValue ? nil : "it is a file, not a folder"
  }
  do {
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return nil
  } catch {
    return FileProblem.describe(error, at: url)
  }
}
