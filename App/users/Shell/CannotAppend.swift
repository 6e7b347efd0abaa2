import Foundation

/// Why `url` cannot be appended to, or nil if it can (checked before a session starts recording into it).
func cannotAppend(to url: URL) -> String? {
  let manager = FileManager.default
  var isDirectory: ObjCBool = false
  if manager.fileExists(atPath: url.path, isDirectory: &isDirectory) {
    if isDirectory.boolValue { return "it is a folder." }
    return manager.isWritableFile(atPath: url.path) ? nil : "the file is not writable."
  }
  let folder = url.deletingLastPathComponent()
  do {
    try manager.createDirectory(at: folder, withIntermediateDirectories: true)
  } catch {
    return "cannot create the folder \(folder.path): \(error.localizedDescription)"
  }
  return manager.isWritableFile(atPath: folder.path) ? nil : "the folder \(folder.path) is not writable."
}
