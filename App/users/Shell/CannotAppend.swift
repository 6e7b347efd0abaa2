import Foundation

/// Why `url` cannot be appended to, or nil if it can (checked before a session starts recording into it).
func cannotAppend(to url: URL) -> String? {
  let manager = FileManager.default
  var isDirectory: ObjCBool = false
  if manager.fileExists(atPath: url.path, isDirectory: &isDirectory) {
    if isDirectory.boolValue { return "it is a folder." }
    return manager.isWritableFile(atPath: url.path) ? nil : "the file is not writable."
  }
  // The folder must exist, as for every other file option: a typo in a path should not make folders.
  let folder = url.deletingLastPathComponent()
  guard manager.fileExists(atPath: folder.path, isDirectory: &isDirectory) else {
    return "the folder \(folder.path) does not exist; create it first."
  }
  guard isDirectory.boolValue else { return "\(folder.path) is not a folder." }
  return manager.isWritableFile(atPath: folder.path) ? nil : "the folder \(folder.path) is not writable."
}
